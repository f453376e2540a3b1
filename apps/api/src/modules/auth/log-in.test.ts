import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import {
  bearer,
  codeFromLatestSms,
  enableTwoFactor,
  logIn,
  signUp,
  uniqueEmail,
  uniqueIp,
  verifiedUser,
} from '../../testing/auth-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
afterEach(() => {
  vi.useRealTimers();
});

const MINUTE = 60_000;

describe('POST /v1/users/authentications/login', () => {
  it('answers a token pair that opens GET /v1/users/my', async () => {
    const user = await signUp(t);
    const response = await logIn(t, user.email.toUpperCase());
    expect(response.statusCode).toBe(200);
    const { accessToken, refreshToken } = response.json().data;
    expect(refreshToken).toEqual(expect.any(String));
    const me = await t.app.inject({ method: 'GET', url: '/v1/users/my', headers: bearer(accessToken) });
    expect(me.json().data.email).toBe(user.email);
  });

  it('answers an unknown email with USER_ID_NOT_FOUND', async () => {
    const response = await logIn(t, uniqueEmail('nobody'));
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      code: 'USER_ID_NOT_FOUND',
      message: 'We were unable to find an account that uses this email address! Please check and try again.',
    });
  });

  it('answers a wrong password with INVALID_PASSWORD', async () => {
    const user = await signUp(t);
    const response = await logIn(t, user.email, 'Wrong#Password1');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ code: 'INVALID_PASSWORD', message: 'Email or password is invalid.' });
  });

  it.each([
    [{ email: 'nope', password: 'x' }, 'email'],
    [{ email: 'fan@example.com', password: '' }, 'password'],
    [{ email: 'fan@example.com' }, 'password'],
  ])('refuses malformed input %j', async (payload, field) => {
    const response = await t.app.inject({ method: 'POST', url: '/v1/users/authentications/login', payload });
    expect(response.statusCode).toBe(400);
    expect(response.json().details.map((detail: { field: string }) => detail.field)).toContain(field);
  });

  it('refuses the 11th failed sign-in for one account from one address within the window, then lets it try again later', async () => {
    const user = await signUp(t);
    const address = uniqueIp();
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      const response = await logIn(t, user.email, `Wrong#Password${attempt}`, address);
      expect(response.statusCode).toBe(401);
    }
    const eleventh = await logIn(t, user.email, 'Wrong#Password11', address);
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json().code).toBe('REQUEST_MAXIMUN');
    expect(Number(eleventh.headers['retry-after'])).toBeGreaterThan(0);
    // Even the right password waits for the window to pass there; the owner signs in from their own address.
    expect((await logIn(t, user.email, undefined, address)).statusCode).toBe(429);
    expect((await logIn(t, user.email)).statusCode).toBe(200);

    // The app's rules read t.clock, the rate limiter (rate-limiter-flexible) reads Date.now: move both.
    t.clock.advance(16 * MINUTE);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 16 * MINUTE });
    expect((await logIn(t, user.email)).statusCode).toBe(200);
  });

  it('counts wrong passwords sent side by side: ten are checked, the rest refused', async () => {
    const user = await signUp(t);
    const address = uniqueIp();
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, attempt) => logIn(t, user.email, `Wrong#Password${attempt}`, address)),
    );
    const codes = answers.map((answer) => answer.json().code as string);
    expect(codes.filter((code) => code === 'INVALID_PASSWORD')).toHaveLength(10);
    expect(codes.filter((code) => code === 'REQUEST_MAXIMUN')).toHaveLength(30);
  });
});

describe('failed sign-ins from many addresses', () => {
  it('cannot lock the owner out with ten, and meet a ceiling for the account at a hundred', async () => {
    const user = await signUp(t);
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      expect((await logIn(t, user.email, `Wrong#Password${attempt}`)).statusCode).toBe(401);
    }
    expect((await logIn(t, user.email)).statusCode).toBe(200);
    for (let attempt = 11; attempt <= 100; attempt += 1) {
      expect((await logIn(t, user.email, `Wrong#Password${attempt}`)).statusCode).toBe(401);
    }
    const past = await logIn(t, user.email, 'Wrong#Password101');
    expect([past.statusCode, past.json().code]).toEqual([429, 'REQUEST_MAXIMUN']);
  }, 60_000);
});

describe('sign-in with SMS two-factor', () => {
  async function startTwoFactorSignIn() {
    const user = await verifiedUser(t);
    const phone = await enableTwoFactor(t, user, `+1555${Math.floor(1_000_000 + Math.random() * 8_999_999)}`);
    const response = await logIn(t, user.email);
    expect(response.statusCode).toBe(200);
    const challenge = response.json().data as { mfaRequired: true; mfaToken: string; phoneEnding: string };
    return { user, phone, challenge };
  }

  function finish(mfaToken: string, code: string) {
    return t.app.inject({ method: 'POST', url: '/v1/users/authentications/sign-in-2fa', payload: { mfaToken, code } });
  }

  function otherCode(code: string) {
    return code === '000000' ? '000001' : '000000';
  }

  it('answers a challenge instead of tokens, and the SMS code finishes the sign-in', async () => {
    const { phone, challenge } = await startTwoFactorSignIn();
    expect(challenge).toEqual({ mfaRequired: true, mfaToken: expect.any(String), phoneEnding: phone.slice(-4) });
    const code = await codeFromLatestSms(t, phone);
    const response = await finish(challenge.mfaToken, code);
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json().data).sort()).toEqual(['accessToken', 'refreshToken']);
    // Single use.
    expect((await finish(challenge.mfaToken, code)).json().code).toBe('VERIFICATION_CODE_EXPIRED');
  });

  it('refuses a wrong code, and refuses the sixth guess even when it is right', async () => {
    const { phone, challenge } = await startTwoFactorSignIn();
    const code = await codeFromLatestSms(t, phone);
    for (let guess = 1; guess <= 5; guess += 1) {
      const response = await finish(challenge.mfaToken, otherCode(code));
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('INVALID_VERIFICATION_CODE');
    }
    const sixth = await finish(challenge.mfaToken, code);
    expect(sixth.statusCode).toBe(400);
    expect(sixth.json().code).toBe('VERIFICATION_CODE_EXPIRED');
  });

  it('refuses a code older than ten minutes', async () => {
    const { phone, challenge } = await startTwoFactorSignIn();
    const code = await codeFromLatestSms(t, phone);
    t.clock.advance(10 * MINUTE + 1000);
    const response = await finish(challenge.mfaToken, code);
    expect(response.json().code).toBe('VERIFICATION_CODE_EXPIRED');
  });

  it('binds a code to the sign-in attempt that asked for it', async () => {
    const first = await startTwoFactorSignIn();
    const firstCode = await codeFromLatestSms(t, first.phone);
    const second = await logIn(t, first.user.email);
    const secondToken = second.json().data.mfaToken as string;
    const secondCode = await codeFromLatestSms(t, first.phone);
    if (secondCode !== firstCode) {
      expect((await finish(secondToken, firstCode)).json().code).toBe('INVALID_VERIFICATION_CODE');
    }
    expect((await finish(secondToken, secondCode)).statusCode).toBe(200);
  });

  it('resends a new code for the same attempt through mfa-code', async () => {
    const { phone, challenge } = await startTwoFactorSignIn();
    const resend = await t.app.inject({
      method: 'POST',
      url: '/v1/users/authentications/mfa-code',
      payload: { mfaToken: challenge.mfaToken },
    });
    expect(resend.statusCode).toBe(202);
    expect(resend.json().data.phoneEnding).toBe(phone.slice(-4));
    const code = await codeFromLatestSms(t, phone);
    expect((await finish(challenge.mfaToken, code)).statusCode).toBe(200);
  });

  it('refuses an unknown mfaToken and a malformed code', async () => {
    expect((await finish('x'.repeat(43), '123456')).json().code).toBe('VERIFICATION_CODE_EXPIRED');
    const malformed = await finish('x'.repeat(43), '12345');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().details[0]).toEqual({ field: 'code', message: 'Enter the 6-digit code.' });
  });
});
