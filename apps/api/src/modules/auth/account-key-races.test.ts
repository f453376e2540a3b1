import { describe, expect, it } from 'vitest';
import { testDatabaseUrl } from '../../config.ts';
import { bearer, keyFromLatestEmail, signUp, uniqueIp } from '../../testing/auth-helpers.ts';
import { oneInstanceOnPostgres } from '../../testing/second-instance.ts';
import type { TestApp } from '../../testing/test-app.ts';

// Two mailed links of one account opened at the same moment, each request holding its own key: neither may wait for
// the other's (session 77's review: spending the account's other keys deadlocked, and one person got a 500). On
// PGlite (one transaction at a time) there is no race to run: this runs in CI's PostgreSQL pass.
const isOnPostgres = Boolean(testDatabaseUrl());
const VERIFY = '/v1/users/authentications/email-verifications';
const RESET = '/v1/users/authentications/reset-password';
const ROUNDS = 6;

let t: TestApp;
oneInstanceOnPostgres({}, (made) => ({ t } = made));

describe('two links of one account opened at once', () => {
  it.runIf(isOnPostgres)('verify the address once: one answers verified, the other that it already is', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const user = await signUp(t);
      const first = await keyFromLatestEmail(t, user.email);
      expect((await t.app.inject({ method: 'POST', url: VERIFY, headers: bearer(user.accessToken) })).statusCode).toBe(
        202,
      );
      const second = await keyFromLatestEmail(t, user.email);
      const answers = await Promise.all(
        [first, second].map((key) => t.app.inject({ method: 'PATCH', url: VERIFY, payload: { key } })),
      );
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
      expect(answers.find((answer) => answer.statusCode === 409)!.json().code).toBe('EMAIL_ALREADY_VERIFIED');
    }
    expect(t.errorReporter.reports).toEqual([]);
  });

  it.runIf(isOnPostgres)('reset the password without a deadlock: both links answer, none with a 5xx', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const user = await signUp(t);
      const keys: string[] = [];
      for (let mail = 0; mail < 2; mail += 1) {
        const asked = await t.app.inject({
          method: 'POST',
          url: RESET,
          payload: { email: user.email },
          remoteAddress: uniqueIp(),
        });
        expect(asked.statusCode).toBe(202);
        keys.push(await keyFromLatestEmail(t, user.email));
      }
      const answers = await Promise.all(
        keys.map((key) =>
          t.app.inject({ method: 'PATCH', url: RESET, payload: { key, password: `Evolve&Fuse${2030 + round}` } }),
        ),
      );
      // One resets; the other too if it took its key before the first spent it, else its link is spent (as a link
      // opened after a reset is).
      expect(answers.some((answer) => answer.statusCode === 204)).toBe(true);
      for (const answer of answers) {
        if (answer.statusCode !== 204) expect(answer.json().code, answer.body).toBe('INVALID_AUTHORIZATION_KEY');
      }
    }
    expect(t.errorReporter.reports).toEqual([]);
  });
});
