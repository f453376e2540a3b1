import type { SmsSender } from './mail.ts';

export interface TwilioOptions {
  accountSid: string;
  authToken: string;
  from: string;
  /** https://api.twilio.com in production; a local stand-in in tests. */
  baseUrl: string;
}

/** SMS through Twilio's Messages API (form-encoded POST with basic auth). */
export function twilioSmsSender(options: TwilioOptions, fetchImpl: typeof fetch = fetch): SmsSender {
  const url = `${options.baseUrl.replace(/\/$/, '')}/2010-04-01/Accounts/${encodeURIComponent(options.accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${options.accountSid}:${options.authToken}`).toString('base64')}`;
  return {
    async sendSms(sms) {
      const response = await fetchImpl(url, {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ To: sms.to, From: options.from, Body: sms.text }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!response.ok) {
        const detail = await response.text().catch(() => '');
        throw new Error(`SMS provider answered ${response.status}: ${detail.slice(0, 300)}`);
      }
    },
  };
}
