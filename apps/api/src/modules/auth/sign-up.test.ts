import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { authMessages } from '@cypher/contract';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { latestMessage, STRONG_PASSWORD, uniqueEmail } from '../../testing/auth-helpers.ts';
import { users } from '../users/users.tables.ts';
import { testPasswordCost } from './password-hashing.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

function signUpRequest(payload: Record<string, unknown>, ip = '198.51.100.1') {
  return t.app.inject({ method: 'POST', url: '/v1/users', payload, remoteAddress: ip });
}

const valid = () => ({
  email: uniqueEmail(),
  password: STRONG_PASSWORD,
  agreeToTerms: true,
  agreeToPrivacy: true,
  marketingConsent: true,
});

describe('POST /v1/users (sign-up)', () => {
  it('creates a CREATED account, answers 201 with a token pair and mails a verification link', async () => {
    const payload = valid();
    const response = await signUpRequest(payload);
    expect(response.statusCode).toBe(201);
    const { data } = response.json();
    expect(Object.keys(data).sort()).toEqual(['accessToken', 'refreshToken']);

    const [user] = await t.database.db.select().from(users).where(eq(users.email, payload.email));
    expect(user?.status).toBe('CREATED');
    expect(user?.marketingConsent).toBe(true);
    const mail = await latestMessage(t, payload.email);
    expect(mail.subject).toContain('Verify your email');
    expect(mail.text).toMatch(/\/email\/verify\?key=/);
  });

  it('stores an argon2id hash with at least 19 MiB and two passes, never the password', async () => {
    const payload = valid();
    // The suites hash at a small cost (testing/test-password-cost.ts); this check is of the real one.
    await testPasswordCost.atRealCost(() => signUpRequest(payload));
    const [user] = await t.database.db.select().from(users).where(eq(users.email, payload.email));
    const hash = user?.passwordHash ?? '';
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=\d+\$/);
    const [, memory, passes] = hash.match(/m=(\d+),t=(\d+)/) ?? [];
    expect(Number(memory)).toBeGreaterThanOrEqual(19456);
    expect(Number(passes)).toBeGreaterThanOrEqual(2);
    expect(hash).not.toContain(STRONG_PASSWORD);
  });

  it('refuses an existing email, whatever its case, with USER_ALREADY_EXISTS', async () => {
    const payload = valid();
    expect((await signUpRequest(payload)).statusCode).toBe(201);
    const again = await signUpRequest({ ...payload, email: payload.email.toUpperCase() });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ code: 'USER_ALREADY_EXISTS', message: 'This email address is already registered!' });
  });

  it('lets exactly one of ten simultaneous sign-ups with one email through', async () => {
    const payload = valid();
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, index) => signUpRequest(payload, `198.51.100.${50 + index}`)),
    );
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(9);
  });

  it.each([
    ['email', { email: 'not-an-email' }, authMessages.emailFormat],
    ['email', { email: '' }, authMessages.emailFormat],
    ['password', { password: 'Short1!' }, authMessages.passwordRule],
    ['password', { password: 'alllowercase1!' }, authMessages.passwordRule],
    ['password', { password: 'ALLUPPERCASE1!' }, authMessages.passwordRule],
    ['password', { password: 'NoDigitsHere!' }, authMessages.passwordRule],
    ['password', { password: 'NoSpecials123' }, authMessages.passwordRule],
    ['agreeToTerms', { agreeToTerms: false }, authMessages.consentRequired],
    ['agreeToPrivacy', { agreeToPrivacy: false }, authMessages.consentRequired],
  ])('refuses a bad %s with the rule in words', async (field, change, message) => {
    const response = await signUpRequest({ ...valid(), ...change });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.code).toBe('INVALID_REQUEST');
    expect(body.details).toContainEqual({ field, message });
  });

  it('refuses missing consents and unknown fields', async () => {
    const { agreeToPrivacy: _omitted, ...withoutPrivacy } = valid();
    expect((await signUpRequest(withoutPrivacy)).statusCode).toBe(400);
    expect((await signUpRequest({ ...valid(), status: 'ACTIVE' })).statusCode).toBe(400);
  });

  it('limits sign-ups per IP address with REQUEST_MAXIMUN and Retry-After', async () => {
    const ip = '192.0.2.77';
    for (let attempt = 0; attempt < 10; attempt += 1) {
      expect((await signUpRequest(valid(), ip)).statusCode).toBe(201);
    }
    const refused = await signUpRequest(valid(), ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      code: 'REQUEST_MAXIMUN',
      message: 'You have exceeded the maximum number of requests.',
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('takes its limit from SIGN_UP_LIMIT_PER_HOUR', async () => {
    const strict = await createTestApp({ env: { SIGN_UP_LIMIT_PER_HOUR: '2' } });
    try {
      const signUpThere = () =>
        strict.app.inject({ method: 'POST', url: '/v1/users', payload: valid(), remoteAddress: '192.0.2.78' });
      expect((await signUpThere()).statusCode).toBe(201);
      expect((await signUpThere()).statusCode).toBe(201);
      expect((await signUpThere()).json().code).toBe('REQUEST_MAXIMUN');
    } finally {
      await strict.close();
    }
  });
});
