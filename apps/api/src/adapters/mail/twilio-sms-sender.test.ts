import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { twilioSmsSender } from './twilio-sms-sender.ts';

// A stand-in for the SMS provider on loopback: it records what arrives and answers like Twilio would.
const received: { url: string; authorization: string | undefined; body: URLSearchParams }[] = [];
let answerStatus = 201;
const server = http.createServer((request, response) => {
  let raw = '';
  request.on('data', (chunk) => (raw += chunk));
  request.on('end', () => {
    received.push({
      url: request.url ?? '',
      authorization: request.headers.authorization,
      body: new URLSearchParams(raw),
    });
    response.writeHead(answerStatus, { 'content-type': 'application/json' }).end('{"sid":"SM123"}');
  });
});
let baseUrl = '';
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('Twilio SMS sender', () => {
  it("posts the message to the account's Messages resource with basic auth", async () => {
    const sender = twilioSmsSender({ accountSid: 'AC42', authToken: 'token', from: '+15550009999', baseUrl });
    await sender.sendSms({ to: '+15551234567', text: 'Cypher: your verification code is 123456.' });
    const [request] = received;
    expect(request?.url).toBe('/2010-04-01/Accounts/AC42/Messages.json');
    expect(request?.authorization).toBe(`Basic ${Buffer.from('AC42:token').toString('base64')}`);
    expect(Object.fromEntries(request?.body ?? [])).toEqual({
      To: '+15551234567',
      From: '+15550009999',
      Body: 'Cypher: your verification code is 123456.',
    });
  });

  it('fails loudly when the provider refuses, so the caller can answer 502', async () => {
    answerStatus = 400;
    const sender = twilioSmsSender({ accountSid: 'AC42', authToken: 'token', from: '+15550009999', baseUrl });
    await expect(sender.sendSms({ to: '+15551234567', text: 'x' })).rejects.toThrow('SMS provider answered 400');
  });
});
