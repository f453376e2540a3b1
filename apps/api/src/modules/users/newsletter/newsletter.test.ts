import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listMailboxMessages } from '../../dev-mailbox/list-mailbox-messages.ts';
import { uniqueEmail, uniqueIp } from '../../../testing/auth-helpers.ts';
import { pathOf } from '../../../testing/oauth-helpers.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

function subscribe(email: string, remoteAddress = uniqueIp()) {
  return t.app.inject({ method: 'POST', url: '/v1/subscribe', payload: { email }, remoteAddress });
}
/** What a browser sends when a person follows a link from their mail. */
const browserAccept = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

async function unsubscribeLink(email: string): Promise<string> {
  const [message] = await listMailboxMessages(t.database.db, email, 1);
  const link = message?.text.match(/https?:\/\/\S+\/v1\/subscribe\/unsubscribe\?token=\S+/)?.[0];
  if (!link) throw new Error(`no unsubscribe link in: ${message?.text}`);
  return link;
}

describe('POST /v1/subscribe', () => {
  it('is idempotent: the same answer every time, one welcome mail with an unsubscribe link', async () => {
    const email = uniqueEmail('news');
    const first = await subscribe(email);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ data: { email, isSubscribed: true } });
    const again = await subscribe(email.toUpperCase());
    expect(again.json()).toEqual(first.json());
    const mails = await listMailboxMessages(t.database.db, email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain('Unsubscribe with one click');
  });

  it('unsubscribes through the mail’s link, page and all; subscribing again sends a new welcome', async () => {
    const email = uniqueEmail('news');
    await subscribe(email);
    const link = await unsubscribeLink(email);
    const page = await t.app.inject({ method: 'GET', url: pathOf(link), headers: { accept: browserAccept } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('You are unsubscribed');

    const token = new URL(link).searchParams.get('token')!;
    const twice = await t.app.inject({ method: 'POST', url: '/v1/subscribe/unsubscribe', payload: { token } });
    expect(twice.json()).toEqual({ data: { email, isSubscribed: false } });

    await subscribe(email);
    expect(await listMailboxMessages(t.database.db, email)).toHaveLength(2);
  });

  it('refuses a forged unsubscribe token', async () => {
    const email = uniqueEmail('news');
    await subscribe(email);
    const token = new URL(await unsubscribeLink(email)).searchParams.get('token')!;
    const forged = `${token.split('.')[0]}.${'A'.repeat(43)}`;
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/subscribe/unsubscribe',
      payload: { token: forged },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('INVALID_AUTHORIZATION_KEY');
    const page = await t.app.inject({
      method: 'GET',
      url: `/v1/subscribe/unsubscribe?token=${encodeURIComponent(forged)}`,
      headers: { accept: browserAccept },
    });
    expect(page.statusCode).toBe(400);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('This link does not work');
  });

  it('answers the link in the API’s JSON shape to any client that does not ask for a page', async () => {
    const email = uniqueEmail('news');
    await subscribe(email);
    const link = await unsubscribeLink(email);
    const forged = `${new URL(link).searchParams.get('token')!.split('.')[0]}.${'A'.repeat(43)}`;
    for (const accept of [undefined, 'application/json', '*/*']) {
      const headers = accept ? { accept } : {};
      const refused = await t.app.inject({
        method: 'GET',
        url: `/v1/subscribe/unsubscribe?token=${encodeURIComponent(forged)}`,
        headers,
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ code: 'INVALID_AUTHORIZATION_KEY', message: 'Invalid verification key.' });
      const done = await t.app.inject({ method: 'GET', url: pathOf(link), headers });
      expect(done.json()).toEqual({ data: { email, isSubscribed: false } });
    }
  });

  it('refuses a malformed email, and more than ten subscriptions an hour from one address', async () => {
    expect((await subscribe('not-an-email')).statusCode).toBe(400);
    const ip = uniqueIp();
    for (let count = 0; count < 10; count += 1) expect((await subscribe(uniqueEmail('news'), ip)).statusCode).toBe(200);
    const limited = await subscribe(uniqueEmail('news'), ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('REQUEST_MAXIMUN');
  });
});
