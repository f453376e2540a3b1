import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('dev mailbox', () => {
  it('lists messages for one recipient, newest first, with the documented fields', async () => {
    await t.deps.mailer.sendEmail({ to: 'Fan@Example.com', subject: 'First', text: 'one' });
    t.clock.advance(1000);
    await t.deps.mailer.sendEmail({
      to: 'fan@example.com',
      subject: 'Second',
      text: 'two https://x.test/verify?key=1',
    });
    await t.deps.sms.sendSms({ to: '+15551234567', text: 'Your code is 123456' });

    const response = await t.app.inject({ method: 'GET', url: '/dev/mailbox/messages?to=fan@example.com' });
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data.map((message: { subject: string }) => message.subject)).toEqual(['Second', 'First']);
    expect(Object.keys(data[0]).sort()).toEqual(['channel', 'createdAt', 'id', 'subject', 'text', 'to']);
    expect(data[0].channel).toBe('email');

    const sms = await t.app.inject({ method: 'GET', url: '/dev/mailbox/messages?to=%2B15551234567' });
    expect(sms.json().data).toEqual([expect.objectContaining({ channel: 'sms', text: 'Your code is 123456' })]);
  });

  it('shows the messages on a page with clickable links', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/dev/mailbox?to=fan@example.com' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('<a href="https://x.test/verify?key=1">');
  });
});

describe('dev mailbox in production', () => {
  it('does not exist', async () => {
    const production = await createTestApp({ env: { NODE_ENV: 'production' } });
    try {
      const response = await production.app.inject({ method: 'GET', url: '/dev/mailbox/messages' });
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe('NOT_FOUND');
    } finally {
      await production.close();
    }
  });
});
