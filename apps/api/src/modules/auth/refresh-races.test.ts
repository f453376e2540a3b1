import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testDatabaseUrl } from '../../config.ts';
import { queryRows } from '../../db/query-rows.ts';
import { bearer, signUp } from '../../testing/auth-helpers.ts';
import { raceThroughGate } from '../../testing/lock-barrier.ts';
import { twoInstancesOnPostgres } from '../../testing/second-instance.ts';
import type { TestApp } from '../../testing/test-app.ts';
import { hashSecretToken } from './secret-tokens.ts';

// Refreshes with one token at once through two API instances on one PostgreSQL: two tabs, or a phone retrying a
// refresh whose answer it lost (decision record 54). On PGlite (one transaction at a time) there is no race to run:
// this runs in CI's PostgreSQL pass.
const isOnPostgres = Boolean(testDatabaseUrl());

let a: TestApp;
let b: TestApp;

twoInstancesOnPostgres({}, (made) => ({ a, b } = made));

describe('refreshes with one token at once through two instances', () => {
  it.runIf(isOnPostgres)(
    '20 at once: every one answers the same next token, the sign-in is not revoked, and it goes on from that token',
    async () => {
      const person = await signUp(a);
      const tokenHash = hashSecretToken(person.refreshToken);

      // The racers queue behind the gate on the token's row, which each spends with a conditional update, then run
      // into each other. Each instance's pool holds 12 connections, so 20 seen waiting proves the overlap.
      const answers = await raceThroughGate(
        a.database.pool!.options.connectionString!,
        [{ text: 'select 1 from refresh_tokens where token_hash = $1 for update', values: [tokenHash] }],
        20,
        () =>
          Promise.all(
            Array.from({ length: 20 }, (_, n) =>
              (n % 2 === 0 ? a : b).app.inject({
                method: 'POST',
                url: '/v1/users/authentications/auth-refresh',
                headers: bearer(person.refreshToken),
              }),
            ),
          ),
      );

      expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 200));
      const nextTokens = new Set(answers.map((answer) => answer.json().data.refreshToken as string));
      expect(nextTokens.size).toBe(1);
      for (const answer of answers.slice(0, 2)) {
        const me = await b.app.inject({
          method: 'GET',
          url: '/v1/users/my',
          headers: bearer(answer.json().data.accessToken),
        });
        expect(me.statusCode).toBe(200);
      }

      const [rows] = await queryRows<{ tokens: number; unspent: number; revoked: number }>(
        a.database.db,
        sql`select count(*)::int as tokens,
                   count(*) filter (where t.used_at is null)::int as unspent,
                   count(*) filter (where s.revoked_at is not null)::int as revoked
            from refresh_tokens t join sessions s on s.id = t.session_id
            where s.user_id = (select id from users where email = ${person.email})`,
      );
      expect(rows).toEqual({ tokens: 2, unspent: 1, revoked: 0 });

      const [nextToken] = nextTokens;
      const onwards = await a.app.inject({
        method: 'POST',
        url: '/v1/users/authentications/auth-refresh',
        headers: bearer(nextToken!),
      });
      expect(onwards.statusCode).toBe(200);
    },
    180_000,
  );
});
