import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testDatabaseUrl } from '../../config.ts';
import { queryRows } from '../../db/query-rows.ts';
import { MINUTE_MS } from '../../lib/clock.ts';
import { bearer, uniqueIp } from '../../testing/auth-helpers.ts';
import { fastBuyer } from '../../testing/drop-fixtures.ts';
import { unlimitedRateLimiter } from '../../testing/grant-fixtures.ts';
import { raceThroughGate } from '../../testing/lock-barrier.ts';
import { twoInstancesOnPostgres } from '../../testing/second-instance.ts';
import type { TestApp } from '../../testing/test-app.ts';
import { ledgerInvariantViolations, noViolations } from '../../testing/wallet-helpers.ts';

// Redeems at once through two API instances on one PostgreSQL (issue 20's acceptance). Their rate limits are lifted
// (redeem.test.ts tests them): the point here is the database, so every attempt must reach it. On PGlite there is no
// race to run: these run in CI's PostgreSQL pass.
const isOnPostgres = Boolean(testDatabaseUrl());

let a: TestApp;
let b: TestApp;
let admin: { accessToken: string };

twoInstancesOnPostgres({ rateLimiter: unlimitedRateLimiter }, (made) => ({ a, b, admin } = made));

const db = () => a.database.db;
const iso = (minutes: number) => new Date(a.clock.now().getTime() + minutes * MINUTE_MS).toISOString();
const CREDIT = 400;

/** A batch of one code granting CREDIT, used `usesPerCode` times in all and once per person: the code and its row. */
async function sharedCode(usesPerCode: number) {
  const made = await a.app.inject({
    method: 'POST',
    url: '/v1/console/redeem-batches',
    headers: bearer(admin.accessToken),
    payload: {
      name: 'Race code',
      grant: { kind: 'CREDIT', amount: CREDIT },
      codeCount: 1,
      usesPerCode,
      validFrom: iso(-1),
      validUntil: iso(60),
    },
  });
  expect(made.statusCode, made.body).toBe(201);
  const batchId = made.json().data.id as string;
  const csv = await a.app.inject({
    method: 'GET',
    url: `/v1/console/redeem-batches/${batchId}/codes.csv`,
    headers: bearer(admin.accessToken),
  });
  const [codeRow] = await queryRows<{ id: string }>(db(), sql`select id from redeem_codes where batch_id = ${batchId}`);
  return { codeId: codeRow!.id, code: csv.body.trim().split('\n')[1]!.split(',')[1]! };
}

/**
 * `tokens.length` redeems of `code` at once, alternating between the instances, released together from behind the
 * code's row lock (every redeem's claim updates that row): 20 seen waiting proves they overlapped (each pool holds 12
 * connections, so at most 24 wait at once). Answers each outcome: REDEEMED or the refusal's code.
 */
async function raceFor(codeId: string, code: string, tokens: readonly string[]) {
  const answers = await raceThroughGate(
    a.database.pool!.options.connectionString!,
    [{ text: 'select 1 from redeem_codes where id = $1 for update', values: [codeId] }],
    20,
    () =>
      Promise.all(
        tokens.map((accessToken, n) =>
          (n % 2 === 0 ? a : b).app.inject({
            method: 'POST',
            url: '/v1/redeems',
            headers: bearer(accessToken),
            payload: { code },
            remoteAddress: uniqueIp(),
          }),
        ),
      ),
  );
  return answers.map((answer) => (answer.statusCode === 201 ? 'REDEEMED' : (answer.json().code as string)));
}

/** How many answers of each kind: a failure then shows every kind that came back, not only the count that fell short. */
function tally(outcomes: readonly string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const outcome of outcomes) counts[outcome] = (counts[outcome] ?? 0) + 1;
  return counts;
}

/** A code's uses recorded, its counter, the deliveries of its uses and what their people were credited. */
async function outcomeOf(codeId: string) {
  const [row] = await queryRows<{ uses: number; use_count: number; deliveries: number; credited: number }>(
    db(),
    sql`select (select count(*)::int from redeem_uses where code_id = ${codeId}) as uses,
               (select use_count from redeem_codes where id = ${codeId}) as use_count,
               (select count(*)::int from grant_deliveries d join redeem_uses u on u.id = d.reference_id
                where u.code_id = ${codeId}) as deliveries,
               (select coalesce(sum(a.balance), 0)::int from ledger_accounts a
                where a.kind = 'non_withdrawable' and a.currency = 'CYP'
                  and a.owner_user_id in (select user_id from redeem_uses where code_id = ${codeId})) as credited`,
  );
  return row!;
}

describe('redeems at once through two instances', () => {
  it.runIf(isOnPostgres)(
    '100 people redeem one single-use code at once: exactly one gets it, 99 told it is used up',
    async () => {
      const { codeId, code } = await sharedCode(1);
      const people = await Promise.all(Array.from({ length: 100 }, () => fastBuyer(a)));
      const outcomes = await raceFor(
        codeId,
        code,
        people.map((person) => person.accessToken),
      );
      expect(tally(outcomes)).toEqual({ REDEEMED: 1, REDEEM_CODE_USED_UP: 99 });
      expect(await outcomeOf(codeId)).toEqual({ uses: 1, use_count: 1, deliveries: 1, credited: CREDIT });
      expect(await ledgerInvariantViolations(db())).toEqual(noViolations);
    },
    180_000,
  );

  it.runIf(isOnPostgres)(
    'one person redeems one single-use code 100 times at once: exactly once, 99 told they already did',
    async () => {
      const { codeId, code } = await sharedCode(1);
      const person = await fastBuyer(a);
      const outcomes = await raceFor(
        codeId,
        code,
        Array.from({ length: 100 }, () => person.accessToken),
      );
      expect(tally(outcomes)).toEqual({ REDEEMED: 1, REDEEM_CODE_ALREADY_REDEEMED: 99 });
      expect(await outcomeOf(codeId)).toEqual({ uses: 1, use_count: 1, deliveries: 1, credited: CREDIT });
      expect(await ledgerInvariantViolations(db())).toEqual(noViolations);
    },
    180_000,
  );

  it.runIf(isOnPostgres)(
    '100 people redeem a code limited to 10 uses at once: exactly 10 get it, once each, 90 told it is used up',
    async () => {
      const { codeId, code } = await sharedCode(10);
      const people = await Promise.all(Array.from({ length: 100 }, () => fastBuyer(a)));
      const outcomes = await raceFor(
        codeId,
        code,
        people.map((person) => person.accessToken),
      );
      expect(tally(outcomes)).toEqual({ REDEEMED: 10, REDEEM_CODE_USED_UP: 90 });
      expect(await outcomeOf(codeId)).toEqual({
        uses: 10,
        use_count: 10,
        deliveries: 10,
        credited: 10 * CREDIT,
      });
      const [distinct] = await queryRows<{ n: number }>(
        db(),
        sql`select count(distinct user_id)::int as n from redeem_uses where code_id = ${codeId}`,
      );
      expect(distinct!.n).toBe(10);
      expect(await ledgerInvariantViolations(db())).toEqual(noViolations);
    },
    180_000,
  );
});
