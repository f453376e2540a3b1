import { expect, type APIRequestContext } from '@playwright/test';

/**
 * Account set-up for the journeys, through the real API and the dev mailbox (ARCHITECTURE section 3). Every
 * journey makes its own account: the server is shared by the whole run, and rate limits count per account and per
 * address (sign-ups from one IP: SIGN_UP_LIMIT_PER_HOUR, which the journeys' server raises for the whole suite).
 */
export const PASSWORD = 'Collector#2026';
const AUTH = '/v1/users/authentications';

export function uniqueEmail(label: string): string {
  return `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

interface MailboxMessage {
  id: string;
  channel: 'email' | 'sms';
  to: string;
  subject: string | null;
  text: string;
  createdAt: string;
}

/** The newest message to `to` that `matches`, waiting for it to arrive. */
export async function latestMessage(
  request: APIRequestContext,
  to: string,
  matches: (message: MailboxMessage) => boolean = () => true,
): Promise<MailboxMessage> {
  let found: MailboxMessage | undefined;
  await expect
    .poll(async () => {
      const response = await request.get(`/dev/mailbox/messages?to=${encodeURIComponent(to)}`);
      expect(response.status()).toBe(200);
      const { data } = (await response.json()) as { data: MailboxMessage[] };
      found = data.find(matches);
      return found !== undefined;
    })
    .toBe(true);
  return found!;
}

/** The link in an email, as a path on this site (the journeys use relative URLs). */
export function linkIn(message: MailboxMessage): string {
  const url = message.text.match(/https?:\/\/\S+/)?.[0];
  if (!url) throw new Error(`no link in: ${message.text}`);
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
}

function keyIn(message: MailboxMessage): string {
  const key = new URL(linkIn(message), 'http://local').searchParams.get('key');
  if (!key) throw new Error(`no key in: ${message.text}`);
  return key;
}

export function smsCodeIn(message: MailboxMessage): string {
  const code = message.text.match(/\b\d{6}\b/)?.[0];
  if (!code) throw new Error(`no code in: ${message.text}`);
  return code;
}

async function data<T>(response: Awaited<ReturnType<APIRequestContext['post']>>, status: number): Promise<T> {
  expect(response.status(), await response.text()).toBe(status);
  return status === 204 ? (undefined as T) : ((await response.json()) as { data: T }).data;
}

interface TokenPair {
  accessToken: string;
  refreshToken: string;
}

export async function signUpThroughApi(request: APIRequestContext, email: string): Promise<TokenPair> {
  return data<TokenPair>(
    await request.post('/v1/users', {
      data: { email, password: PASSWORD, agreeToTerms: true, agreeToPrivacy: true, marketingConsent: false },
    }),
    201,
  );
}

export async function verifyEmailThroughApi(request: APIRequestContext, email: string): Promise<void> {
  const mail = await latestMessage(request, email, (message) => message.text.includes('/email/verify?key='));
  await data(await request.patch(`${AUTH}/email-verifications`, { data: { key: keyIn(mail) } }), 200);
}

/** Two-factor on for a verified account: re-authenticate, register the phone, confirm with the SMS code. */
export async function enableTwoFactorThroughApi(
  request: APIRequestContext,
  tokens: TokenPair,
  phoneNumber: string,
): Promise<void> {
  const headers = { Authorization: `Bearer ${tokens.accessToken}` };
  await data(await request.post(`${AUTH}/check-password`, { headers, data: { password: PASSWORD } }), 200);
  await data(await request.post(`${AUTH}/mfa-register`, { headers, data: { phoneNumber } }), 202);
  const sms = await latestMessage(request, phoneNumber);
  await data(await request.post(`${AUTH}/mfa`, { headers, data: { code: smsCodeIn(sms) } }), 200);
}

/** A nickname nobody else in the run has: letters only (spec section 5), so no digits from the clock. */
export function uniqueNickname(label: string): string {
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  let suffix = '';
  for (let index = 0; index < 8; index += 1) suffix += letters[Math.floor(Math.random() * letters.length)];
  return `${label}${suffix}`;
}

/** A fresh ACTIVE account (signed up, verified, profile created) for journeys that change it: Discord, deletion. */
export async function activeAccountThroughApi(
  request: APIRequestContext,
  label: string,
): Promise<{ email: string; password: string; nickname: string }> {
  const email = uniqueEmail(label);
  const tokens = await signUpThroughApi(request, email);
  await verifyEmailThroughApi(request, email);
  const nickname = uniqueNickname(label.replace(/[^A-Za-z]/g, ''));
  await data(
    await request.post('/v1/users/profile', {
      headers: { Authorization: `Bearer ${tokens.accessToken}` },
      data: { nickname, marketingConsent: false },
    }),
    201,
  );
  return { email, password: PASSWORD, nickname };
}
