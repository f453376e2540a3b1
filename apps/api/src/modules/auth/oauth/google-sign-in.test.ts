import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../../db/query-rows.ts';
import { authMessages } from '@cypher/contract';
import {
  bearer,
  codeFromLatestSms,
  enableTwoFactor,
  signUp,
  uniqueIp,
  verifiedUser,
} from '../../../testing/auth-helpers.ts';
import { authorizeUrl, createListeningTestApp, googleCallback, pickIdentity } from '../../../testing/oauth-helpers.ts';
import type { TestApp } from '../../../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createListeningTestApp();
});
afterAll(() => t.close());

const CALLBACK = '/v1/users/authentications/oauth/google/callback';
const MINUTE = 60_000;

function socialSignUp(signUpToken: string, overrides: object = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/v1/users/social',
    payload: { signUpToken, agreeToTerms: true, agreeToPrivacy: true, marketingConsent: true, ...overrides },
    remoteAddress: uniqueIp(),
  });
}
async function myUser(accessToken: string) {
  return (await t.app.inject({ method: 'GET', url: '/v1/users/my', headers: bearer(accessToken) })).json().data;
}

describe('Google sign-in through the local stand-in', () => {
  it('gives an authorize URL with code response type, email/profile scopes, state and an S256 PKCE challenge', async () => {
    const url = new URL(await authorizeUrl(t, 'google'));
    const origin = t.deps.config.publicUrl;
    expect(`${url.origin}${url.pathname}`).toBe(`${origin}/dev/oauth/google/authorize`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: 'code',
      client_id: 'local-google-client',
      redirect_uri: `${origin}/oauth/google/callback`,
      state: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      code_challenge_method: 'S256',
      code_challenge: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      scope: 'openid email profile',
      prompt: 'select_account',
    });
  });

  it('signs a new person up after consent, then signs them straight in the next time', async () => {
    const first = await googleCallback(t, 0);
    expect(first.statusCode).toBe(200);
    const { socialProfile } = first.json().data;
    expect(first.json().data).toEqual({
      signUpRequired: true,
      socialProfile: {
        provider: 'google',
        email: 'ada.lovelace@gmail.test',
        name: 'Ada Lovelace',
        picture: null,
        signUpToken: expect.any(String),
      },
    });

    const refused = await socialSignUp(socialProfile.signUpToken, { agreeToTerms: false });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details).toEqual([{ field: 'agreeToTerms', message: authMessages.consentRequired }]);

    const created = await socialSignUp(socialProfile.signUpToken);
    expect(created.statusCode).toBe(201);
    const me = await myUser(created.json().data.accessToken);
    expect(me).toMatchObject({
      email: 'ada.lovelace@gmail.test',
      status: 'EMAIL_VERIFIED',
      isEmailVerified: true,
      hasPassword: false,
      marketingConsent: true,
    });

    // A double click on "Agree" signs in to the account the first click made.
    const again = await socialSignUp(socialProfile.signUpToken);
    expect(again.statusCode).toBe(200);
    expect((await myUser(again.json().data.accessToken)).id).toBe(me.id);
    // Past a minute the token is spent: each use was a sign-in confirmed for sensitive changes, for half an hour.
    t.clock.advance(2 * MINUTE);
    const replayed = await socialSignUp(socialProfile.signUpToken);
    expect(replayed.json()).toEqual({
      code: 'USER_ALREADY_EXISTS',
      message: 'This email address is already registered!',
    });

    const second = await googleCallback(t, 0);
    expect(second.statusCode).toBe(200);
    expect(second.json().data).toEqual({ accessToken: expect.any(String), refreshToken: expect.any(String) });
    expect((await myUser(second.json().data.accessToken)).id).toBe(me.id);
  });

  it('refuses a state that was already used, one it never made, and one older than ten minutes', async () => {
    const { code, state } = await pickIdentity(t, await authorizeUrl(t, 'google'), 0);
    expect((await t.app.inject({ method: 'POST', url: CALLBACK, payload: { code, state } })).statusCode).toBe(200);
    const reused = await t.app.inject({ method: 'POST', url: CALLBACK, payload: { code, state } });
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toEqual({
      code: 'OAUTH_STATE_INVALID',
      message: 'This sign-in attempt has expired or was already used. Please start again.',
    });

    const forged = await t.app.inject({ method: 'POST', url: CALLBACK, payload: { code, state: 'x'.repeat(43) } });
    expect(forged.json().code).toBe('OAUTH_STATE_INVALID');

    const late = await pickIdentity(t, await authorizeUrl(t, 'google'), 0);
    t.clock.advance(11 * MINUTE);
    const expired = await t.app.inject({ method: 'POST', url: CALLBACK, payload: late });
    expect(expired.json().code).toBe('OAUTH_STATE_INVALID');
  });

  it('refuses a state made for connecting Discord', async () => {
    const user = await verifiedUser(t);
    const url = await authorizeUrl(t, 'discord', user.accessToken);
    const state = new URL(url).searchParams.get('state')!;
    const response = await t.app.inject({ method: 'POST', url: CALLBACK, payload: { code: 'any-code', state } });
    expect(response.json().code).toBe('OAUTH_STATE_INVALID');
  });

  it('answers a code the provider refuses with OAUTH_SIGN_IN_FAILED', async () => {
    const url = await authorizeUrl(t, 'google');
    const state = new URL(url).searchParams.get('state')!;
    const response = await t.app.inject({ method: 'POST', url: CALLBACK, payload: { code: 'made-up-code', state } });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('OAUTH_SIGN_IN_FAILED');
  });

  it('refuses a Google email that already has a password account, rather than linking on email alone', async () => {
    await signUp(t, 'grace.hopper@gmail.test');
    const response = await googleCallback(t, 1);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      code: 'DUPLICATE_ID_EXISTS',
      message: 'This email already exists.',
    });
  });

  it('refuses a sign-up token older than thirty minutes', async () => {
    const { socialProfile } = (await googleCallback(t, 2)).json().data;
    t.clock.advance(31 * MINUTE);
    const response = await socialSignUp(socialProfile.signUpToken);
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('SOCIAL_SIGN_UP_EXPIRED');
  });

  it('asks for the SMS code when the Google account has two-factor on, as a password sign-in does', async () => {
    const { socialProfile } = (await googleCallback(t, 2)).json().data;
    const tokens = (await socialSignUp(socialProfile.signUpToken)).json().data;
    // No password to confirm: the Google sign-in just now is what vouches for the two-factor change.
    const phone = await enableTwoFactor(t, { accessToken: tokens.accessToken, password: 'unused' }, '+15557770001');

    const response = await googleCallback(t, 2);
    expect(response.json().data).toEqual({ mfaRequired: true, mfaToken: expect.any(String), phoneEnding: '0001' });
    const code = await codeFromLatestSms(t, phone);
    const finished = await t.app.inject({
      method: 'POST',
      url: '/v1/users/authentications/sign-in-2fa',
      payload: { mfaToken: response.json().data.mfaToken, code },
    });
    expect(finished.statusCode).toBe(200);
    expect((await myUser(finished.json().data.accessToken)).email).toBe('alan.turing@gmail.test');

    // Vouched for by Google, then by the code: confirmed for sensitive changes, as a Google sign-in without two-factor
    // is. With no password to confirm, such an account had no other way to turn two-factor off.
    const headers = bearer(finished.json().data.accessToken);
    const asked = await t.app.inject({
      method: 'POST',
      url: '/v1/users/authentications/mfa-code',
      headers,
      payload: {},
    });
    expect(asked.statusCode).toBe(202);
    const turnedOff = await t.app.inject({
      method: 'DELETE',
      url: '/v1/users/authentications/mfa',
      headers,
      payload: { code: await codeFromLatestSms(t, phone) },
    });
    expect(turnedOff.statusCode, turnedOff.body).toBe(200);
  });
});

describe('an email taken between the Google callback and the consent', () => {
  let other: TestApp;
  beforeAll(async () => {
    other = await createListeningTestApp();
  });
  afterAll(() => other.close());

  it('answers DUPLICATE_ID_EXISTS and makes no second account', async () => {
    const { socialProfile } = (await googleCallback(other, 1)).json().data;
    await signUp(other, 'grace.hopper@gmail.test');
    const response = await other.app.inject({
      method: 'POST',
      url: '/v1/users/social',
      payload: { signUpToken: socialProfile.signUpToken, agreeToTerms: true, agreeToPrivacy: true },
      remoteAddress: uniqueIp(),
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ code: 'DUPLICATE_ID_EXISTS', message: 'This email already exists.' });
    const accounts = await queryRows<{ n: number }>(
      other.database.db,
      sql`select count(*)::int as n from users where lower(email) = 'grace.hopper@gmail.test'`,
    );
    expect(accounts).toEqual([{ n: 1 }]);
  });
});
