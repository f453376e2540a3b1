import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authMessages } from '@cypher/contract';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import {
  bearer,
  codeFromLatestSms,
  enableTwoFactor,
  signUp,
  verifiedUser,
  latestMessage,
} from '../../testing/auth-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const BASE = '/v1/users/authentications';
function call(method: 'POST' | 'DELETE', path: string, accessToken: string, payload: object = {}) {
  return t.app.inject({ method, url: `${BASE}/${path}`, headers: bearer(accessToken), payload });
}
async function myUser(accessToken: string) {
  return (await t.app.inject({ method: 'GET', url: '/v1/users/my', headers: bearer(accessToken) })).json().data;
}

describe('SMS two-factor settings', () => {
  it('needs a verified email to register a phone', async () => {
    const user = await signUp(t);
    const response = await call('POST', 'mfa-register', user.accessToken, { phoneNumber: '+15550001111' });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ code: 'EMAIL_VERIFICATION_REQUIRED', message: 'Please verify your email.' });
  });

  it('refuses a malformed phone number', async () => {
    const user = await verifiedUser(t);
    const response = await call('POST', 'mfa-register', user.accessToken, { phoneNumber: '555-0000' });
    expect(response.statusCode).toBe(400);
    expect(response.json().details[0]).toEqual({ field: 'phoneNumber', message: authMessages.phoneFormat });
  });

  it('needs a recent password check to turn two-factor on, before any text is sent', async () => {
    const user = await verifiedUser(t);
    const response = await call('POST', 'mfa-register', user.accessToken, { phoneNumber: '+15550002222' });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('REAUTHENTICATION_REQUIRED');
    await expect(codeFromLatestSms(t, '+15550002222')).rejects.toThrow('no message for +15550002222');
  });

  it('turns on with the registration code and shows its state, verified-since date and phone ending', async () => {
    const user = await verifiedUser(t);
    const phone = await enableTwoFactor(t, user, '+15550003333');
    const me = await myUser(user.accessToken);
    expect(me.twoFactor).toEqual({ isEnabled: true, verifiedAt: t.clock.now().toISOString() });
    expect(me.phoneEnding).toBe(phone.slice(-4));
    const twice = await call('POST', 'mfa-register', user.accessToken, { phoneNumber: phone });
    expect(twice.json().code).toBe('MFA_ALREADY_ENABLED');
    // A change to how the account is guarded is told to its owner by email (session 79's hunt).
    const email = await latestMessage(t, user.email);
    expect(email.subject).toBe('Two-factor sign-in is on');
    expect(email.text).toContain('If this was not you, reset your password now and contact support.');
  });

  it('turns off with a code sent to the registered phone', async () => {
    const user = await verifiedUser(t);
    const phone = await enableTwoFactor(t, user, '+15550004444');
    expect((await call('POST', 'mfa-code', user.accessToken)).statusCode).toBe(202);
    const code = await codeFromLatestSms(t, phone);
    const response = await call('DELETE', 'mfa', user.accessToken, { code });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({ isEnabled: false, verifiedAt: null });
    const me = await myUser(user.accessToken);
    expect(me.twoFactor.isEnabled).toBe(false);
    expect(me.phoneEnding).toBeNull();
    const email = await latestMessage(t, user.email);
    expect(email.subject).toBe('Two-factor sign-in was turned off');
    expect(email.text).toContain('Two-factor sign-in was turned off: signing in now asks for your password only.');
  });

  it('refuses a wrong code and asks for a code only when two-factor is on', async () => {
    const user = await verifiedUser(t);
    expect((await call('POST', 'mfa-code', user.accessToken)).json().code).toBe('MFA_NOT_ENABLED');
    await call('POST', 'check-password', user.accessToken, { password: user.password });
    await call('POST', 'mfa-register', user.accessToken, { phoneNumber: '+15550005555' });
    const code = await codeFromLatestSms(t, '+15550005555');
    const wrong = await call('POST', 'mfa', user.accessToken, { code: code === '111111' ? '222222' : '111111' });
    expect(wrong.json().code).toBe('INVALID_VERIFICATION_CODE');
  });

  it('limits SMS sends per account', async () => {
    const user = await verifiedUser(t);
    await call('POST', 'check-password', user.accessToken, { password: user.password });
    for (let sms = 0; sms < 5; sms += 1) {
      expect((await call('POST', 'mfa-register', user.accessToken, { phoneNumber: '+15550006666' })).statusCode).toBe(
        202,
      );
    }
    const refused = await call('POST', 'mfa-register', user.accessToken, { phoneNumber: '+15550006666' });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
  });

  it('never locks a person out of signing in with the codes they asked for in the settings', async () => {
    const user = await verifiedUser(t);
    const phone = await enableTwoFactor(t, user, '+15550007777');
    // Codes to turn two-factor off, asked for until the settings' budget is spent.
    let settingsCodes = 0;
    while ((await call('POST', 'mfa-code', user.accessToken)).statusCode === 202) settingsCodes += 1;
    expect(settingsCodes).toBeGreaterThan(0);
    expect((await call('POST', 'mfa-code', user.accessToken)).statusCode).toBe(429);
    // Signing in still sends its code.
    const signIn = await t.app.inject({
      method: 'POST',
      url: `${BASE}/login`,
      payload: { email: user.email, password: user.password },
    });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json().data).toMatchObject({ mfaRequired: true, phoneEnding: phone.slice(-4) });
  });
});
