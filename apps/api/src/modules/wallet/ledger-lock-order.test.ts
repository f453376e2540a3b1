import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseUrl } from '../../config.ts';
import { inTransaction } from '../../db/transaction.ts';
import { DAY_MS } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import { activeUser, bearer } from '../../testing/auth-helpers.ts';
import { verifyIdentityForTest } from '../../testing/identity-helpers.ts';
import { signUpOperator } from '../../testing/operator-helpers.ts';
import { raceThroughGate } from '../../testing/lock-barrier.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import {
  balancesOf,
  depositForTest,
  ledgerInvariantViolations,
  noViolations,
  usWireDetails,
} from '../../testing/wallet-helpers.ts';
import { debitForPurchase } from './debit-for-purchase.ts';
import { settleDeposits } from './settle-deposits.ts';

// The ledger's one lock order (a person's rows, then the house's) under real concurrency, on PostgreSQL only (CI's
// second pass; PGlite runs one transaction at a time, so there is no race to run): before the order was one, a
// purchase racing a withdrawal rejection or a settlement for the same person deadlocked. Each round starts both sides
// behind a gate that holds the person's ledger rows and opens only once both are seen waiting for them, so the two
// transactions really meet instead of one finishing before the other starts.
const isOnPostgres = Boolean(testDatabaseUrl());

let t: TestApp;
let admin: Awaited<ReturnType<typeof signUpOperator>>;
beforeAll(async () => {
  if (!isOnPostgres) return;
  t = await createTestApp();
  admin = await signUpOperator(t, 'admin');
});
afterAll(async () => {
  if (isOnPostgres) await t.close();
});

/** Both racers of a round set off behind a gate holding the person's ledger rows; answers both outcomes. */
function raceForPersonRows<A, B>(userId: string, first: () => Promise<A>, second: () => Promise<B>): Promise<[A, B]> {
  return raceThroughGate(
    t.database.pool!.options.connectionString!,
    [{ text: 'select 1 from ledger_accounts where owner_user_id = $1 for update', values: [userId] }],
    2,
    () => Promise.all([first(), second()]),
  );
}

const ROUNDS = 50;
const db = () => t.database.db;

function purchase(userId: string, amount: number, now = new Date()) {
  return inTransaction(db(), (tx) => debitForPurchase(tx, { userId, amount, serviceFee: 100, orderId: newId(), now }));
}

describe('the ledger lock order', () => {
  it.runIf(isOnPostgres)(
    `a purchase racing a withdrawal rejection for the same person, ${ROUNDS} times: no deadlock, exact ledger`,
    async () => {
      // Someone else buys first, so the house's rows are older than this person's (as in any live database).
      const earlier = await activeUser(t);
      const earlierId = (
        await t.app.inject({ method: 'GET', url: '/v1/users/my', headers: bearer(earlier.accessToken) })
      ).json().data.id as string;
      await depositForTest(db(), { userId: earlierId, source: 'crypto', amount: 10_000 });
      await purchase(earlierId, 5_000);
      const user = await activeUser(t);
      const userId = (
        await t.app.inject({ method: 'GET', url: '/v1/users/my', headers: bearer(user.accessToken) })
      ).json().data.id as string;
      await verifyIdentityForTest(t, user.accessToken);
      await depositForTest(db(), { userId, source: 'crypto', amount: ROUNDS * 20_000 });

      for (let round = 0; round < ROUNDS; round += 1) {
        const requested = await t.app.inject({
          method: 'POST',
          url: '/v1/withdrawals',
          headers: bearer(user.accessToken),
          payload: {
            method: 'wire',
            amount: { amount: 10_000, currency: 'USD' },
            wire: usWireDetails,
            isConfirmed: true,
          },
        });
        expect(requested.statusCode).toBe(201);
        const [bought, rejected] = await raceForPersonRows(
          userId,
          () =>
            purchase(userId, 1_000).then(
              () => 'ok',
              (error: unknown) => String(error),
            ),
          () =>
            t.app.inject({
              method: 'POST',
              url: `/v1/console/withdrawals/${requested.json().data.id}/reject`,
              headers: bearer(admin.accessToken),
              payload: { reason: 'Name does not match' },
            }),
        );
        expect(bought).toBe('ok');
        expect(rejected.statusCode).toBe(200);
      }

      // Each round: the wire fee is kept (2,500) and the purchase spent 1,000.
      expect(await balancesOf(db(), userId)).toMatchObject({
        withdrawable: ROUNDS * (20_000 - 2_500 - 1_000),
        held: 0,
      });
      expect(t.errorReporter.reports).toEqual([]);
      expect(await ledgerInvariantViolations(db())).toEqual(noViolations);
    },
    120_000,
  );

  it.runIf(isOnPostgres)(
    `a purchase racing the settlement of the same person's card money, ${ROUNDS} times: no deadlock, exact ledger`,
    async () => {
      const user = await activeUser(t);
      const userId = (
        await t.app.inject({ method: 'GET', url: '/v1/users/my', headers: bearer(user.accessToken) })
      ).json().data.id as string;
      // Withdrawable money first, so its row is older than the unsettled one (the order that used to deadlock).
      await depositForTest(db(), { userId, source: 'crypto', amount: ROUNDS * 1_000 });
      const start = Date.parse('2026-01-01T00:00:00.000Z');

      for (let round = 0; round < ROUNDS; round += 1) {
        const depositedAt = new Date(start + round * 10 * DAY_MS);
        await depositForTest(db(), { userId, source: 'card', amount: 5_000, now: depositedAt });
        const due = new Date(depositedAt.getTime() + 7 * DAY_MS);
        const [bought, settled] = await raceForPersonRows(
          userId,
          () =>
            purchase(userId, 1_000, due).then(
              () => 'ok',
              (error: unknown) => String(error),
            ),
          () =>
            settleDeposits(db(), due, 7).then(
              () => 'ok',
              (error: unknown) => String(error),
            ),
        );
        expect(bought).toBe('ok');
        expect(settled).toBe('ok');
      }
      await settleDeposits(db(), new Date(start + ROUNDS * 10 * DAY_MS), 7);

      // All card money is past the delay: what was not spent (purchases take unsettled money first) is withdrawable.
      expect(await balancesOf(db(), userId)).toMatchObject({
        unsettled: 0,
        withdrawable: ROUNDS * (1_000 + 5_000 - 1_000),
      });
      expect(await ledgerInvariantViolations(db())).toEqual(noViolations);
    },
    120_000,
  );
});
