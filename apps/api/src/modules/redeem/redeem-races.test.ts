import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { testDatabaseUrl } from '../../config.ts';
import { queryRows } from '../../db/query-rows.ts';
import { sqlArray } from '../../db/sql-arrays.ts';
import { bearer, uniqueIp } from '../../testing/auth-helpers.ts';
import { fastBuyer } from '../../testing/drop-fixtures.ts';
import { unlimitedRateLimiter } from '../../testing/grant-fixtures.ts';
import { lockWaitersSeen, raceThroughGate } from '../../testing/lock-barrier.ts';
import { makeRedeemBatch } from '../../testing/redeem-fixtures.ts';
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
const CREDIT = 400;

/** A batch of one code granting CREDIT, used `usesPerCode` times in all and once per person: the code and its row. */
async function sharedCode(usesPerCode: number) {
  const { batchId, codes } = await batchOfCodes(1, usesPerCode);
  const [codeRow] = await queryRows<{ id: string }>(db(), sql`select id from redeem_codes where batch_id = ${batchId}`);
  return { codeId: codeRow!.id, code: codes[0]! };
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

/** A batch of `codeCount` codes granting CREDIT, each used `usesPerCode` times: its id and its codes, in number order. */
const batchOfCodes = (codeCount: number, usesPerCode = 1) =>
  makeRedeemBatch(a, admin.accessToken, {
    name: 'Race codes',
    grant: { kind: 'CREDIT', amount: CREDIT },
    codeCount,
    usesPerCode,
  });

/**
 * Behind a gate that holds `gate`'s rows: the revoke is sent first and seen waiting, then each code is redeemed by its
 * own person at once; the gate opens once `waiting` transactions wait on it. Answers the revoke's and the redemptions'.
 */
function revokeWhileRedeeming(
  batchId: string,
  gate: { text: string; values: unknown[] },
  waiting: number,
  codes: readonly string[],
  people: readonly { accessToken: string }[],
) {
  return raceThroughGate(a.database.pool!.options.connectionString!, [gate], waiting, async () => {
    const revoking = revoke(batchId);
    await untilWaiting(1);
    return Promise.all([
      revoking,
      redeemEach(
        codes,
        people.map((person) => person.accessToken),
      ),
    ]);
  });
}

const revoke = (batchId: string) =>
  a.app.inject({
    method: 'POST',
    url: `/v1/console/redeem-batches/${batchId}/revoke`,
    headers: bearer(admin.accessToken),
  });

/** One redemption per code, each by a person of its own, alternating between the instances. */
function redeemEach(codes: readonly string[], tokens: readonly string[]) {
  return Promise.all(
    codes.map((code, n) =>
      (n % 2 === 0 ? a : b).app.inject({
        method: 'POST',
        url: '/v1/redeems',
        headers: bearer(tokens[n]!),
        payload: { code },
        remoteAddress: uniqueIp(),
      }),
    ),
  );
}

/**
 * Waits until `count` sessions of this database wait on a lock, on a connection of its own (neither instance's pool,
 * whose connections the racers need).
 */
async function untilWaiting(count: number) {
  const watcher = new pg.Client({ connectionString: a.database.pool!.options.connectionString! });
  await watcher.connect();
  try {
    await lockWaitersSeen(watcher, count);
  } finally {
    await watcher.end();
  }
}

/** The batch's uses as its codes count them, as recorded, and what their people were credited. */
async function batchOutcomeOf(batchId: string) {
  const [row] = await queryRows<{ use_count: number; uses: number; credited: number }>(
    db(),
    sql`select (select coalesce(sum(use_count), 0)::int from redeem_codes where batch_id = ${batchId}) as use_count,
               (select count(*)::int from redeem_uses u join redeem_codes c on c.id = u.code_id
                where c.batch_id = ${batchId}) as uses,
               (select coalesce(sum(a.balance), 0)::int from ledger_accounts a
                where a.kind = 'non_withdrawable' and a.currency = 'CYP'
                  and a.owner_user_id in (select u.user_id from redeem_uses u join redeem_codes c on c.id = u.code_id
                                          where c.batch_id = ${batchId})) as credited`,
  );
  return row!;
}

describe('a batch revoked while its codes are redeemed', () => {
  it.runIf(isOnPostgres)(
    'redemptions queued behind a revoke that holds their codes are refused after it commits, none granted',
    async () => {
      // They read the batch before the revoke commits (so the early check lets them through), then queue on their
      // code rows, which the revoke holds while it waits on the gate's lock of the batch row. Without the read of
      // revoked_at after the claim, all 20 would be granted.
      const { batchId, codes } = await batchOfCodes(20);
      const people = await Promise.all(codes.map(() => fastBuyer(a)));
      const [revoked, answers] = await revokeWhileRedeeming(
        batchId,
        { text: 'select 1 from redeem_batches where id = $1 for no key update', values: [batchId] },
        1 + codes.length,
        codes,
        people,
      );
      expect(revoked.statusCode, revoked.body).toBe(200);
      expect(revoked.json().data.useCount).toBe(0);
      expect(tally(answers.map((answer) => (answer.statusCode === 201 ? 'REDEEMED' : answer.json().code)))).toEqual({
        REDEEM_CODE_REVOKED: 20,
      });
      expect(await batchOutcomeOf(batchId)).toEqual({ use_count: 0, uses: 0, credited: 0 });
      expect(await ledgerInvariantViolations(db())).toEqual(noViolations);
    },
    180_000,
  );

  it.runIf(isOnPostgres)(
    '40 redemptions and a revoke released together: every use granted is one the revoke counted, none after it',
    async () => {
      const { batchId, codes } = await batchOfCodes(50);
      const racing = codes.slice(0, 40);
      const people = await Promise.all(racing.map(() => fastBuyer(a)));
      // The gate holds every code row; the revoke is seen waiting on the first before the redemptions are sent, and
      // 20 more waiting prove the redemptions overlapped it.
      const [revoked, answers] = await revokeWhileRedeeming(
        batchId,
        { text: 'select id from redeem_codes where batch_id = $1 for update', values: [batchId] },
        21,
        racing,
        people,
      );
      expect(revoked.statusCode, revoked.body).toBe(200);
      const outcomes = answers.map((answer) => (answer.statusCode === 201 ? 'REDEEMED' : answer.json().code));
      const counts = tally(outcomes);
      expect(
        Object.keys(counts).filter((outcome) => outcome !== 'REDEEMED' && outcome !== 'REDEEM_CODE_REVOKED'),
      ).toEqual([]);
      const granted = counts.REDEEMED ?? 0;
      // The revoke counts the uses while it holds every code row: a use committed after it would be missing there.
      expect(revoked.json().data.useCount).toBe(granted);
      expect(await batchOutcomeOf(batchId)).toEqual({ use_count: granted, uses: granted, credited: granted * CREDIT });
      // Every redemption answered as granted has its use recorded, for its own person.
      const grantedTo = people.filter((_, n) => outcomes[n] === 'REDEEMED').map((person) => person.userId);
      const [recorded] = await queryRows<{ n: number }>(
        db(),
        sql`select count(*)::int as n from redeem_uses u join redeem_codes c on c.id = u.code_id
            where c.batch_id = ${batchId}
              and u.user_id = any(${sqlArray(grantedTo)}::uuid[])`,
      );
      expect(recorded!.n).toBe(granted);

      // After the revoke's answer, neither an unused code nor a raced one grants anything.
      const late = await fastBuyer(a);
      for (const code of [codes[45]!, racing[0]!]) {
        const refused = await b.app.inject({
          method: 'POST',
          url: '/v1/redeems',
          headers: bearer(late.accessToken),
          payload: { code },
          remoteAddress: uniqueIp(),
        });
        expect(refused.json().code).toBe('REDEEM_CODE_REVOKED');
      }
      expect(await batchOutcomeOf(batchId)).toEqual({ use_count: granted, uses: granted, credited: granted * CREDIT });
      expect(await ledgerInvariantViolations(db())).toEqual(noViolations);
    },
    180_000,
  );
});
