import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseUrl } from '../../config.ts';
import { bearer, keyFromLatestEmail, logIn, signUp, uniqueIp } from '../../testing/auth-helpers.ts';
import { lockWaitersSeen } from '../../testing/lock-barrier.ts';
import { oneInstanceOnPostgres } from '../../testing/second-instance.ts';
import type { TestApp } from '../../testing/test-app.ts';

// A sign-in with the old password and a password reset at the same moment: the reset must end that sign-in too, or
// refuse it. On PGlite (one transaction at a time) there is no race to run: this runs in CI's PostgreSQL pass.
const isOnPostgres = Boolean(testDatabaseUrl());
const NEW_PASSWORD = 'Evolve&Fuse2027';

let t: TestApp;
let gate: pg.Client;
oneInstanceOnPostgres({}, (made) => ({ t } = made));
beforeAll(async () => {
  if (!isOnPostgres) return;
  gate = new pg.Client({ connectionString: t.database.pool!.options.connectionString! });
  await gate.connect();
});
// Ended before the app is closed (vitest runs afterAll hooks last registered first).
afterAll(() => gate?.end());

async function mailedResetKey(email: string): Promise<string> {
  const asked = await t.app.inject({
    method: 'POST',
    url: '/v1/users/authentications/reset-password',
    payload: { email },
    remoteAddress: uniqueIp(),
  });
  expect(asked.statusCode).toBe(202);
  return keyFromLatestEmail(t, email);
}

function reset(key: string) {
  return t.app.inject({
    method: 'PATCH',
    url: '/v1/users/authentications/reset-password',
    payload: { key, password: NEW_PASSWORD },
  });
}

/** Whichever comes first: `racer` answering, or `count` sessions seen waiting on a lock (it queued behind another). */
async function answeredOrQueued(racer: Promise<unknown>, count: number): Promise<void> {
  await Promise.race([racer, lockWaitersSeen(gate, count)]);
}

describe('a sign-in with the old password during a reset', () => {
  // Helper's note, session 52: the sign-in's session was written after a check against a row read earlier, and the
  // reset's "end every sign-in" could not see it before it committed: the old password kept a working sign-in.
  it.runIf(isOnPostgres)(
    'a sign-in that opened before the reset committed is ended by it',
    async () => {
      const user = await signUp(t);
      const key = await mailedResetKey(user.email);
      // The gate holds the sign-in once its session is written, before its refresh token is.
      await gate.query('begin');
      await gate.query('lock table refresh_tokens in share mode');
      const signIn = logIn(t, user.email);
      signIn.catch(() => undefined);
      await lockWaitersSeen(gate, 1);
      const resetting = reset(key);
      resetting.catch(() => undefined);
      // The reset queues behind the sign-in's hold on the account; before the fix nothing held it up.
      await answeredOrQueued(resetting, 2);
      await gate.query('commit');

      const [signedIn, wasReset] = await Promise.all([signIn, resetting]);
      expect(signedIn.statusCode).toBe(200);
      expect(wasReset.statusCode).toBe(204);
      const { accessToken, refreshToken } = signedIn.json().data;
      const me = await t.app.inject({ method: 'GET', url: '/v1/users/my', headers: bearer(accessToken) });
      expect(me.statusCode).toBe(401);
      const refreshed = await t.app.inject({
        method: 'POST',
        url: '/v1/users/authentications/auth-refresh',
        headers: bearer(refreshToken),
      });
      expect(refreshed.statusCode).toBe(401);
    },
    180_000,
  );

  it.runIf(isOnPostgres)(
    'a sign-in whose password was checked before the reset committed is refused after it',
    async () => {
      const user = await signUp(t);
      const key = await mailedResetKey(user.email);
      // The gate holds the account's row: the reset queues for it first, then the sign-in, whose password check
      // (against the row as it was) is done by the time it asks.
      await gate.query('begin');
      await gate.query('select 1 from users where email = $1 for update', [user.email]);
      const resetting = reset(key);
      resetting.catch(() => undefined);
      await lockWaitersSeen(gate, 1);
      const signIn = logIn(t, user.email);
      signIn.catch(() => undefined);
      await answeredOrQueued(signIn, 2);
      await gate.query('commit');

      const [signedIn, wasReset] = await Promise.all([signIn, resetting]);
      expect(wasReset.statusCode).toBe(204);
      expect(signedIn.json()).toMatchObject({ code: 'INVALID_PASSWORD' });
      expect((await logIn(t, user.email, NEW_PASSWORD)).statusCode).toBe(200);
    },
    180_000,
  );
});
