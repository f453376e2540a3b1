import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { TGrantRequest } from '@cypher/contract';
import { testDatabaseUrl } from '../../config.ts';
import { queryRows } from '../../db/query-rows.ts';
import { bearer, uniqueIp } from '../../testing/auth-helpers.ts';
import { fastBuyer, insertLiveDrop } from '../../testing/drop-fixtures.ts';
import { unlimitedRateLimiter } from '../../testing/grant-fixtures.ts';
import { raceThroughGate } from '../../testing/lock-barrier.ts';
import { makeRedeemBatch } from '../../testing/redeem-fixtures.ts';
import { noPurchaseViolations, purchaseInvariantViolations } from '../../testing/purchase-invariants.ts';
import { twoInstancesOnPostgres } from '../../testing/second-instance.ts';
import type { TestApp } from '../../testing/test-app.ts';
import { ledgerInvariantViolations, noViolations } from '../../testing/wallet-helpers.ts';

// Packs given by redeem codes at once through two API instances on one PostgreSQL (decision record 36). Rate limits are
// lifted (redeem.test.ts tests them): every attempt must reach the database. On PGlite there is no race to run.
const isOnPostgres = Boolean(testDatabaseUrl());

let a: TestApp;
let b: TestApp;
let admin: { accessToken: string };

twoInstancesOnPostgres({ rateLimiter: unlimitedRateLimiter }, (made) => ({ a, b, admin } = made));

const db = () => a.database.db;

/** A drop on sale with 5 packs in its sale round and 10 set aside in its gift round. */
async function dropWithGifts() {
  const drop = await insertLiveDrop(db(), { now: a.clock.now(), rounds: [{ packCount: 5 }], giftPackCount: 10 });
  const grant: TGrantRequest = { kind: 'PACK', dropId: drop.dropId, giftRoundId: drop.giftRound!.id };
  return { ...drop, grant };
}

/** A batch of `codeCount` codes granting `grant`, each usable `usesPerCode` times: its codes and their rows' ids. */
const batchOf = (grant: TGrantRequest, codeCount: number, usesPerCode: number) =>
  makeRedeemBatch(a, admin.accessToken, { name: 'Race packs', grant, codeCount, usesPerCode });

/**
 * Each person redeems their code at once, alternating between the instances, released together from behind `gate`
 * (rows every redeem needs): 20 seen waiting proves they overlapped (each pool holds 12 connections). Answers each
 * outcome: REDEEMED or the refusal's code.
 */
async function raceFor(gate: { text: string; values: unknown[] }, attempts: { accessToken: string; code: string }[]) {
  const answers = await raceThroughGate(a.database.pool!.options.connectionString!, [gate], 20, () =>
    Promise.all(
      attempts.map(({ accessToken, code }, n) =>
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

/** What the race left: the gift round's packs given, to whom and by which orders; the sale round; the claim log. */
async function outcomeOf(drop: Awaited<ReturnType<typeof dropWithGifts>>) {
  const given = await queryRows<{ pack_id: string; number: number; owner_user_id: string; order_id: string }>(
    db(),
    sql`select id as pack_id, number, owner_user_id, order_id from packs
        where policy_id = ${drop.giftRound!.id} and order_id is not null order by number`,
  );
  const orders = await queryRows<{ id: string; user_id: string; payment_method: string; total: number }>(
    db(),
    sql`select id, user_id, payment_method, total::int as total from orders where drop_id = ${drop.dropId}`,
  );
  const claims = await queryRows<{ kind: string; pack_number: number; order_id: string }>(
    db(),
    sql`select kind, pack_number, order_id from pack_claim_log where drop_id = ${drop.dropId} order by pack_number`,
  );
  const [sale] = await queryRows<{ claimed: number }>(
    db(),
    sql`select count(*)::int as claimed from packs where policy_id = ${drop.policies[0]!.id} and order_id is not null`,
  );
  return { given, orders, claims, saleClaimed: sale!.claimed };
}

/** Exactly 10 packs, each once, to 10 different people by 10 GIFT orders of 0, logged once each; no sale pack. */
async function expectTenGiven(drop: Awaited<ReturnType<typeof dropWithGifts>>, outcomes: string[]) {
  expect(outcomes.filter((outcome) => outcome === 'REDEEMED')).toHaveLength(10);
  expect(outcomes.filter((outcome) => outcome === 'REDEEM_REWARD_OUT_OF_STOCK')).toHaveLength(90);
  const { given, orders, claims, saleClaimed } = await outcomeOf(drop);
  expect(given.map((pack) => pack.number)).toEqual([6, 7, 8, 9, 10, 11, 12, 13, 14, 15]);
  expect(new Set(given.map((pack) => pack.owner_user_id)).size).toBe(10);
  expect(new Set(given.map((pack) => pack.order_id)).size).toBe(10);
  expect(orders).toHaveLength(10);
  for (const order of orders) expect(order).toMatchObject({ payment_method: 'GIFT', total: 0 });
  expect(new Set(orders.map((order) => order.user_id))).toEqual(new Set(given.map((pack) => pack.owner_user_id)));
  expect(claims).toEqual(given.map((pack) => ({ kind: 'CLAIMED', pack_number: pack.number, order_id: pack.order_id })));
  expect(saleClaimed).toBe(0);
  expect(await purchaseInvariantViolations(db())).toEqual(noPurchaseViolations);
  expect(await ledgerInvariantViolations(db())).toEqual(noViolations);
}

describe('packs given by redeem codes at once, through two instances', () => {
  it.runIf(isOnPostgres)(
    '100 people redeem one code allowed 100 uses for a gift round of 10: exactly 10 packs given, 90 told out of stock',
    async () => {
      const drop = await dropWithGifts();
      const { codes, codeIds } = await batchOf(drop.grant, 1, 100);
      const people = await Promise.all(Array.from({ length: 100 }, () => fastBuyer(a)));
      // Every redeem's claim of a use updates the code's one row: they queue behind the gate holding it.
      const outcomes = await raceFor(
        { text: 'select 1 from redeem_codes where id = $1 for update', values: [codeIds[0]] },
        people.map((person) => ({ accessToken: person.accessToken, code: codes[0]! })),
      );
      await expectTenGiven(drop, outcomes);
      // An out-of-stock attempt rolled its use back: the code was used exactly as often as it gave.
      const [code] = await queryRows<{ use_count: number; uses: number }>(
        db(),
        sql`select use_count, (select count(*)::int from redeem_uses where code_id = ${codeIds[0]}) as uses
            from redeem_codes where id = ${codeIds[0]}`,
      );
      expect(code).toEqual({ use_count: 10, uses: 10 });
    },
    180_000,
  );

  it.runIf(isOnPostgres)(
    '100 people redeem 100 codes at once for a gift round of 10: they meet on its packs, and exactly 10 are given',
    async () => {
      const drop = await dropWithGifts();
      const { codes } = await batchOf(drop.grant, 100, 1);
      const people = await Promise.all(Array.from({ length: 100 }, () => fastBuyer(a)));
      // Each code is its own row, so here the redeems meet on the gift round's packs: with every one of them held,
      // each claim's SKIP LOCKED pass finds none and its second pass waits for them (db/claim-unclaimed-units.ts).
      const outcomes = await raceFor(
        { text: 'select 1 from packs where policy_id = $1 for update', values: [drop.giftRound!.id] },
        people.map((person, n) => ({ accessToken: person.accessToken, code: codes[n]! })),
      );
      await expectTenGiven(drop, outcomes);
    },
    180_000,
  );
});
