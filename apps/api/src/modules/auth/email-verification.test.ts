import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../users/users.tables.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { bearer, keyFromLatestEmail, signUp } from '../../testing/auth-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const URL = '/v1/users/authentications/email-verifications';

function verify(key: unknown) {
  return t.app.inject({ method: 'PATCH', url: URL, payload: { key } });
}
function resend(accessToken?: string) {
  return t.app.inject({ method: 'POST', url: URL, headers: accessToken ? bearer(accessToken) : {} });
}
async function verifiedAtOf(email: string) {
  const [row] = await t.database.db
    .select({ emailVerifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(eq(users.email, email));
  return row!.emailVerifiedAt;
}
async function statusOf(accessToken: string) {
  return (await t.app.inject({ method: 'GET', url: '/v1/users/my', headers: bearer(accessToken) })).json().data.status;
}

describe('email verification', () => {
  it('verifies with the key from the sign-up mail and moves the account to EMAIL_VERIFIED', async () => {
    const user = await signUp(t);
    expect(await statusOf(user.accessToken)).toBe('CREATED');
    const response = await verify(await keyFromLatestEmail(t, user.email));
    expect(response.statusCode).toBe(200);
    const me = await t.app.inject({ method: 'GET', url: '/v1/users/my', headers: bearer(user.accessToken) });
    // Whose address it was: the page the link opens may be signed in as someone else.
    expect(response.json().data).toEqual({ userId: me.json().data.id, status: 'EMAIL_VERIFIED' });
    expect(await statusOf(user.accessToken)).toBe('EMAIL_VERIFIED');
  });

  it('refuses a wrong or expired key with INVALID_AUTHORIZATION_KEY, and says a used one verified the address', async () => {
    const user = await signUp(t);
    const key = await keyFromLatestEmail(t, user.email);
    expect((await verify(key)).statusCode).toBe(200);

    // The link opened again, signed out: the address is verified, which is what the person needs to hear.
    const used = await verify(key);
    expect(used.statusCode).toBe(409);
    expect(used.json()).toEqual({ code: 'EMAIL_ALREADY_VERIFIED', message: 'Your email is already verified.' });
    expect((await verify('x'.repeat(43))).json().code).toBe('INVALID_AUTHORIZATION_KEY');

    const late = await signUp(t);
    const lateKey = await keyFromLatestEmail(t, late.email);
    t.clock.advance(24 * 60 * 60_000 + 1000);
    expect((await verify(lateKey)).json().code).toBe('INVALID_AUTHORIZATION_KEY');
  });

  it('refuses a key cut short or garbled by a mail client as an invalid key, and what is not a key as invalid input', async () => {
    for (const garbled of ['short', 'k'.repeat(250)]) {
      expect((await verify(garbled)).json()).toEqual({
        code: 'INVALID_AUTHORIZATION_KEY',
        message: 'Invalid verification key.',
      });
    }
    expect((await verify(42)).json().code).toBe('INVALID_REQUEST');
    expect((await verify('')).json().code).toBe('INVALID_REQUEST');
  });

  it('resends a fresh link to a signed-in user; either link works until one is used, then the other says verified', async () => {
    const user = await signUp(t);
    const firstKey = await keyFromLatestEmail(t, user.email);
    const response = await resend(user.accessToken);
    expect(response.statusCode).toBe(202);
    expect(response.json().data).toEqual({ sentTo: user.email });
    const freshKey = await keyFromLatestEmail(t, user.email);
    expect(freshKey).not.toBe(firstKey);
    expect((await verify(freshKey)).statusCode).toBe(200);
    const verifiedAt = await verifiedAtOf(user.email);

    // The older mail opened afterwards: the address is verified already, and stays verified when it was.
    t.clock.advance(60_000);
    const older = await verify(firstKey);
    expect(older.statusCode).toBe(409);
    expect(older.json().code).toBe('EMAIL_ALREADY_VERIFIED');
    expect(await verifiedAtOf(user.email)).toEqual(verifiedAt);
  });

  it('needs a signed-in user to resend, and refuses once verified', async () => {
    expect((await resend()).statusCode).toBe(401);
    const user = await signUp(t);
    await verify(await keyFromLatestEmail(t, user.email));
    const again = await resend(user.accessToken);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('EMAIL_ALREADY_VERIFIED');
  });

  it('limits verification mails per account', async () => {
    const user = await signUp(t);
    for (let mail = 0; mail < 5; mail += 1) expect((await resend(user.accessToken)).statusCode).toBe(202);
    const refused = await resend(user.accessToken);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('REQUEST_MAXIMUN');
  });
});
