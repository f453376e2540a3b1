import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { authMessages } from '@cypher/contract';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { users } from '../users/users.tables.ts';
import {
  bearer,
  codeFromLatestSms,
  enableTwoFactor,
  keyFromLatestEmail,
  latestMessage,
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

const BASE = '/v1/users/authentications';
const NEW_PASSWORD = 'Evolve&Fuse2027';
const THIRD_PASSWORD = 'Third#Change2028';

function post(path: string, payload: object, accessToken?: string) {
  return t.app.inject({
    method: 'POST',
    url: `${BASE}/${path}`,
    payload,
    headers: accessToken ? bearer(accessToken) : {},
    remoteAddress: uniqueIp(),
  });
}
function me(accessToken: string) {
  return t.app.inject({ method: 'GET', url: '/v1/users/my', headers: bearer(accessToken) });
}

describe('check-password', () => {
  it('confirms the right password for ten minutes', async () => {
    const user = await signUp(t);
    const response = await post('check-password', { password: user.password }, user.accessToken);
    expect(response.statusCode).toBe(200);
    const until = new Date(response.json().data.reauthenticatedUntil).getTime();
    expect(until - t.clock.now().getTime()).toBe(10 * 60_000);
  });

  it('refuses a wrong password, a missing one, and a visitor', async () => {
    const user = await signUp(t);
    expect((await post('check-password', { password: 'Wrong#Pass123' }, user.accessToken)).json().code).toBe(
      'INVALID_PASSWORD',
    );
    expect((await post('check-password', {}, user.accessToken)).statusCode).toBe(400);
    expect((await post('check-password', { password: user.password })).statusCode).toBe(401);
  });

  it('checks ten wrong passwords sent side by side and refuses the rest, then the right one too until the window ends', async () => {
    const user = await signUp(t);
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, guess) =>
        post('check-password', { password: `Wrong#Pass${guess}` }, user.accessToken),
      ),
    );
    const codes = answers.map((answer) => answer.json().code as string);
    expect(codes.filter((code) => code === 'INVALID_PASSWORD')).toHaveLength(10);
    expect(codes.filter((code) => code === 'REQUEST_MAXIMUN')).toHaveLength(30);
    expect((await post('check-password', { password: user.password }, user.accessToken)).json().code).toBe(
      'REQUEST_MAXIMUN',
    );
  });

  it('counts only wrong passwords against the limit', async () => {
    const user = await signUp(t);
    for (let check = 0; check < 12; check += 1) {
      expect((await post('check-password', { password: user.password }, user.accessToken)).statusCode).toBe(200);
    }
  });
});

describe('change-password', () => {
  it('changes the password, keeps this sign-in, ends the others and mails a notice', async () => {
    const user = await signUp(t);
    const other = (await logIn(t, user.email)).json().data;
    const response = await post(
      'change-password',
      { currentPassword: user.password, newPassword: NEW_PASSWORD },
      user.accessToken,
    );
    expect(response.statusCode).toBe(204);

    expect((await me(user.accessToken)).statusCode).toBe(200);
    expect((await me(other.accessToken)).statusCode).toBe(401);
    expect((await logIn(t, user.email)).json().code).toBe('INVALID_PASSWORD');
    expect((await logIn(t, user.email, NEW_PASSWORD)).statusCode).toBe(200);
    expect((await latestMessage(t, user.email)).subject).toContain('password was changed');
  });

  it('refuses the same password with ATTEMPT_TO_CHANGE_TO_SAME_PASSWORD', async () => {
    const user = await signUp(t);
    const response = await post(
      'change-password',
      { currentPassword: user.password, newPassword: user.password },
      user.accessToken,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 'ATTEMPT_TO_CHANGE_TO_SAME_PASSWORD',
      message: 'Please avoid using your previous password.',
    });
  });

  it('refuses going back to the password before, keeping only its hash, and takes one from two changes back', async () => {
    const user = await signUp(t);
    const change = (currentPassword: string, newPassword: string) =>
      post('change-password', { currentPassword, newPassword }, user.accessToken);
    expect((await change(user.password, NEW_PASSWORD)).statusCode).toBe(204);
    const back = await change(NEW_PASSWORD, user.password);
    expect([back.statusCode, back.json()]).toEqual([
      400,
      { code: 'ATTEMPT_TO_CHANGE_TO_SAME_PASSWORD', message: 'Please avoid using your previous password.' },
    ]);
    expect((await logIn(t, user.email, NEW_PASSWORD)).statusCode).toBe(200);

    const [row] = await t.database.db
      .select({ previousPasswordHash: users.previousPasswordHash })
      .from(users)
      .where(eq(users.email, user.email));
    expect(row!.previousPasswordHash).toMatch(/^\$argon2id\$/);
    expect(row!.previousPasswordHash).not.toContain(user.password);

    expect((await change(NEW_PASSWORD, THIRD_PASSWORD)).statusCode).toBe(204);
    expect((await change(THIRD_PASSWORD, NEW_PASSWORD)).json().code).toBe('ATTEMPT_TO_CHANGE_TO_SAME_PASSWORD');
    // Only the one before is kept: the first password, two changes back, may come back.
    expect((await change(THIRD_PASSWORD, user.password)).statusCode).toBe(204);
  });

  it('refuses a wrong current password and a weak new one', async () => {
    const user = await signUp(t);
    const wrong = await post(
      'change-password',
      { currentPassword: 'Wrong#Pass123', newPassword: NEW_PASSWORD },
      user.accessToken,
    );
    expect(wrong.json().code).toBe('INVALID_PASSWORD');
    const weak = await post(
      'change-password',
      { currentPassword: user.password, newPassword: 'weakpass' },
      user.accessToken,
    );
    expect(weak.statusCode).toBe(400);
    expect(weak.json().details).toContainEqual({ field: 'newPassword', message: authMessages.passwordRule });
  });
});

describe('reset-password', () => {
  it('mails a single-use link; the new password works and every sign-in ends', async () => {
    const user = await signUp(t);
    expect((await post('reset-password', { email: user.email })).statusCode).toBe(202);
    const key = await keyFromLatestEmail(t, user.email);
    // The page the link opens asks first whether it still works: yes, and asking spends nothing.
    const check = (payload: object) => t.app.inject({ method: 'POST', url: `${BASE}/reset-password/check`, payload });
    expect((await check({ key })).statusCode).toBe(204);
    expect((await check({ key })).statusCode).toBe(204);

    const confirm = await t.app.inject({
      method: 'PATCH',
      url: `${BASE}/reset-password`,
      payload: { key, password: NEW_PASSWORD },
    });
    expect(confirm.statusCode).toBe(204);
    expect((await me(user.accessToken)).statusCode).toBe(401);
    expect((await logIn(t, user.email, NEW_PASSWORD)).statusCode).toBe(200);
    // The owner is told, as after a change from the account page (session 79's hunt: a reset told nobody).
    const told = await latestMessage(t, user.email);
    expect(told.subject).toMatch(/password was changed$/);
    expect(told.text).toContain(
      'Your password was just reset with the link we sent you, and every device was signed out.',
    );

    const again = await t.app.inject({
      method: 'PATCH',
      url: `${BASE}/reset-password`,
      payload: { key, password: 'Another#Pass99' },
    });
    expect(again.json().code).toBe('INVALID_AUTHORIZATION_KEY');
    // Spent: the page says so before asking for a password; a made-up key alike, and one a mail client cut short.
    expect((await check({ key })).json()).toMatchObject({ code: 'INVALID_AUTHORIZATION_KEY' });
    expect((await check({ key: 'k'.repeat(32) })).json()).toMatchObject({ code: 'INVALID_AUTHORIZATION_KEY' });
    expect((await check({ key: 'short' })).json()).toMatchObject({ code: 'INVALID_AUTHORIZATION_KEY' });
    expect((await check({ key: '' })).json()).toMatchObject({ code: 'INVALID_REQUEST' });
  });

  it('answers the same for an unknown address and sends nothing', async () => {
    const email = uniqueEmail('stranger');
    expect((await post('reset-password', { email })).statusCode).toBe(202);
    await expect(latestMessage(t, email)).rejects.toThrow('no message');
  });

  it('expires the link after one hour', async () => {
    const user = await signUp(t);
    await post('reset-password', { email: user.email });
    const key = await keyFromLatestEmail(t, user.email);
    t.clock.advance(60 * 60_000 + 1000);
    const lateCheck = await t.app.inject({ method: 'POST', url: `${BASE}/reset-password/check`, payload: { key } });
    expect(lateCheck.json().code).toBe('INVALID_AUTHORIZATION_KEY');
    const late = await t.app.inject({
      method: 'PATCH',
      url: `${BASE}/reset-password`,
      payload: { key, password: NEW_PASSWORD },
    });
    expect(late.json().code).toBe('INVALID_AUTHORIZATION_KEY');
  });

  it('refuses the current password as the new one, and keeps the link usable', async () => {
    const user = await signUp(t);
    await post('reset-password', { email: user.email });
    const key = await keyFromLatestEmail(t, user.email);
    const same = await t.app.inject({
      method: 'PATCH',
      url: `${BASE}/reset-password`,
      payload: { key, password: user.password },
    });
    expect(same.json().code).toBe('ATTEMPT_TO_CHANGE_TO_SAME_PASSWORD');
    const ok = await t.app.inject({
      method: 'PATCH',
      url: `${BASE}/reset-password`,
      payload: { key, password: NEW_PASSWORD },
    });
    expect(ok.statusCode).toBe(204);
  });

  it('refuses the password before the current one too, after a change', async () => {
    const user = await signUp(t);
    const changed = await post(
      'change-password',
      { currentPassword: user.password, newPassword: NEW_PASSWORD },
      user.accessToken,
    );
    expect(changed.statusCode).toBe(204);
    await post('reset-password', { email: user.email });
    const key = await keyFromLatestEmail(t, user.email);
    const reset = (password: string) =>
      t.app.inject({ method: 'PATCH', url: `${BASE}/reset-password`, payload: { key, password } });
    for (const password of [user.password, NEW_PASSWORD]) {
      const refused = await reset(password);
      expect([refused.statusCode, refused.json().code]).toEqual([400, 'ATTEMPT_TO_CHANGE_TO_SAME_PASSWORD']);
    }
    expect((await reset(THIRD_PASSWORD)).statusCode).toBe(204);
    expect((await logIn(t, user.email, THIRD_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses a malformed email and a weak password', async () => {
    expect((await post('reset-password', { email: 'nope' })).json().details[0].message).toBe(authMessages.emailFormat);
    const weak = await t.app.inject({
      method: 'PATCH',
      url: `${BASE}/reset-password`,
      payload: { key: 'k'.repeat(43), password: 'weak' },
    });
    expect(weak.json().details).toContainEqual({ field: 'password', message: authMessages.passwordRule });
  });

  it('limits reset mails per account', async () => {
    const user = await signUp(t);
    for (let mail = 0; mail < 3; mail += 1)
      expect((await post('reset-password', { email: user.email })).statusCode).toBe(202);
    expect((await post('reset-password', { email: user.email })).statusCode).toBe(429);
  });
});

describe('what a new password ends besides the sign-ins', () => {
  function resetWith(key: string, password: string) {
    return t.app.inject({ method: 'PATCH', url: `${BASE}/reset-password`, payload: { key, password } });
  }

  it('spends the other reset links mailed before a reset', async () => {
    const user = await signUp(t);
    await post('reset-password', { email: user.email });
    const earlier = await keyFromLatestEmail(t, user.email);
    await post('reset-password', { email: user.email });
    const later = await keyFromLatestEmail(t, user.email);
    expect((await resetWith(later, NEW_PASSWORD)).statusCode).toBe(204);
    expect((await resetWith(earlier, THIRD_PASSWORD)).json().code).toBe('INVALID_AUTHORIZATION_KEY');
    expect((await logIn(t, user.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('spends the reset links mailed before a change of password', async () => {
    const user = await signUp(t);
    await post('reset-password', { email: user.email });
    const key = await keyFromLatestEmail(t, user.email);
    const changed = await post(
      'change-password',
      { currentPassword: user.password, newPassword: NEW_PASSWORD },
      user.accessToken,
    );
    expect(changed.statusCode).toBe(204);
    expect((await resetWith(key, THIRD_PASSWORD)).json().code).toBe('INVALID_AUTHORIZATION_KEY');
  });

  it('ends a sign-in waiting at its SMS step: the code sent before the reset no longer finishes it', async () => {
    const user = await verifiedUser(t);
    const phone = await enableTwoFactor(t, user, '+15557654321');
    const challenge = (await logIn(t, user.email)).json().data as { mfaToken: string };
    const code = await codeFromLatestSms(t, phone);
    await post('reset-password', { email: user.email });
    expect((await resetWith(await keyFromLatestEmail(t, user.email), NEW_PASSWORD)).statusCode).toBe(204);
    const finish = await t.app.inject({
      method: 'POST',
      url: `${BASE}/sign-in-2fa`,
      payload: { mfaToken: challenge.mfaToken, code },
    });
    expect(finish.json().code).toBe('VERIFICATION_CODE_EXPIRED');
  });
});
