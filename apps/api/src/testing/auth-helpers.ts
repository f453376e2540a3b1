import type { TestApp } from './test-app.ts';
import { listMailboxMessages } from '../modules/dev-mailbox/list-mailbox-messages.ts';

export const STRONG_PASSWORD = 'Collector#2026';

let counter = 0;
export function uniqueEmail(label = 'fan'): string {
  counter += 1;
  return `${label}.${Date.now().toString(36)}.${counter}@example.com`;
}

/** A different documentation-range address per call, so per-IP limits never trip in tests that are not about them. */
export function uniqueIp(): string {
  counter += 1;
  return `203.0.${Math.floor(counter / 250) % 250}.${(counter % 250) + 1}`;
}

export function bearer(token: string) {
  return { authorization: `Bearer ${token}` };
}

export async function signUp(t: TestApp, email = uniqueEmail(), password = STRONG_PASSWORD) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/v1/users',
    payload: { email, password, agreeToTerms: true, agreeToPrivacy: true, marketingConsent: false },
    remoteAddress: uniqueIp(),
  });
  if (response.statusCode !== 201) throw new Error(`sign-up failed: ${response.statusCode} ${response.body}`);
  const { accessToken, refreshToken } = response.json().data as { accessToken: string; refreshToken: string };
  return { email, password, accessToken, refreshToken };
}

export async function logIn(t: TestApp, email: string, password = STRONG_PASSWORD, ip = uniqueIp()) {
  return t.app.inject({
    method: 'POST',
    url: '/v1/users/authentications/login',
    payload: { email, password },
    remoteAddress: ip,
  });
}

export async function latestMessage(t: TestApp, to: string) {
  const [message] = await listMailboxMessages(t.database.db, to, 1);
  if (!message) throw new Error(`no message for ${to}`);
  return message;
}

/** The `key` query parameter of the first link in the latest email to `to`. */
export async function keyFromLatestEmail(t: TestApp, to: string): Promise<string> {
  const message = await latestMessage(t, to);
  const link = message.text.match(/https?:\/\/\S+/)?.[0];
  const key = link ? new URL(link).searchParams.get('key') : null;
  if (!key) throw new Error(`no key in: ${message.text}`);
  return key;
}

export async function codeFromLatestSms(t: TestApp, phone: string): Promise<string> {
  const message = await latestMessage(t, phone);
  const code = message.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code in: ${message.text}`);
  return code;
}

/** A signed-up user with a verified email, ready for the actions that need one. */
export async function verifiedUser(t: TestApp) {
  const user = await signUp(t);
  const key = await keyFromLatestEmail(t, user.email);
  const response = await t.app.inject({
    method: 'PATCH',
    url: '/v1/users/authentications/email-verifications',
    payload: { key },
  });
  if (response.statusCode !== 200) throw new Error(`verify failed: ${response.body}`);
  return user;
}

/** Turns SMS two-factor on for a verified user; returns the phone number. */
export async function enableTwoFactor(
  t: TestApp,
  user: { accessToken: string; password: string },
  phone = '+15551230000',
) {
  const headers = bearer(user.accessToken);
  const base = '/v1/users/authentications';
  await t.app.inject({ method: 'POST', url: `${base}/check-password`, headers, payload: { password: user.password } });
  await t.app.inject({ method: 'POST', url: `${base}/mfa-register`, headers, payload: { phoneNumber: phone } });
  const code = await codeFromLatestSms(t, phone);
  const response = await t.app.inject({ method: 'POST', url: `${base}/mfa`, headers, payload: { code } });
  if (response.statusCode !== 200) throw new Error(`enable mfa failed: ${response.body}`);
  return phone;
}

function letters(value: number): string {
  let text = '';
  for (let rest = value; rest > 0; rest = Math.floor(rest / 26)) text += String.fromCharCode(97 + (rest % 26));
  return text;
}

/** A nickname no other test has used: letters only, as the rule wants. */
export function uniqueNickname(prefix = 'Fan'): string {
  counter += 1;
  return `${prefix}${letters(counter)}x${letters(process.pid)}`.slice(0, 30);
}

/** A user past profile creation (status ACTIVE), as most of the product expects. */
export async function activeUser(t: TestApp, nickname = uniqueNickname()) {
  const user = await verifiedUser(t);
  const response = await t.app.inject({
    method: 'POST',
    url: '/v1/users/profile',
    headers: bearer(user.accessToken),
    payload: { nickname, marketingConsent: false },
  });
  if (response.statusCode !== 201) throw new Error(`profile creation failed: ${response.body}`);
  return { ...user, nickname };
}

/** The password confirmed, then the account's deletion requested, as /account/delete does it; answers the request. */
export async function requestAccountDeletion(t: TestApp, accessToken: string) {
  await t.app.inject({
    method: 'POST',
    url: '/v1/users/authentications/check-password',
    headers: bearer(accessToken),
    payload: { password: STRONG_PASSWORD },
  });
  return t.app.inject({ method: 'POST', url: '/v1/users/delete-request', headers: bearer(accessToken) });
}
