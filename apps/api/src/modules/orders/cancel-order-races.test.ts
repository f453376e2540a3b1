import { eq } from 'drizzle-orm';
import { ORDER_CANCELLED_BY_BUYER, PAID_AFTER_CANCEL } from '@cypher/contract';
import { describe, expect, it } from 'vitest';
import { testDatabaseUrl } from '../../config.ts';
import { newId } from '../../lib/ids.ts';
import { bearer } from '../../testing/auth-helpers.ts';
import { fastBuyer, insertLiveDrop } from '../../testing/drop-fixtures.ts';
import { queueThroughGate } from '../../testing/lock-barrier.ts';
import { noPurchaseViolations, purchaseInvariantViolations } from '../../testing/purchase-invariants.ts';
import { twoInstancesOnPostgres } from '../../testing/second-instance.ts';
import type { TestApp } from '../../testing/test-app.ts';
import { deliverCardPaymentSucceeded } from '../../testing/webhook-helpers.ts';
import { balancesOf } from '../../testing/wallet-helpers.ts';
import { packs } from '../drops/drops.tables.ts';
import { deposits } from '../wallet/deposits/deposits.tables.ts';
import { orders } from './orders.tables.ts';

// A buyer cancels a card order on one instance while the provider's payment for it lands on another. On PGlite (one
// transaction at a time) there is no race to run: this runs in CI's PostgreSQL pass.
const isOnPostgres = Boolean(testDatabaseUrl());
const WEBHOOK_SECRET = 'whsec_test_secret_for_cancel_races';

let a: TestApp;
let b: TestApp;
twoInstancesOnPostgres(
  { env: { PUBLIC_URL: 'http://cypher.test', PAYMENTS_WEBHOOK_SECRET: WEBHOOK_SECRET } },
  (made) => ({ a, b } = made),
);

/** The racers queued in turn on the order's row (queueThroughGate): the first given reaches it first. */
async function inTurn<T>(orderId: string, racers: readonly [() => Promise<T>, () => Promise<T>]): Promise<[T, T]> {
  const lock = { text: 'select 1 from orders where id = $1 for update', values: [orderId] };
  const [first, second] = await queueThroughGate(a.database.pool!.options.connectionString!, [lock], racers);
  return [first!, second!];
}

describe('a cancel racing the payment of the same order', () => {
  it.runIf(isOnPostgres)(
    'both in flight at once, 30 times: the order is paid or cancelled, never both; the pack is delivered or back on sale; the money pays it or stays in the balance',
    async () => {
      const db = a.database.db;
      const outcomes = { paid: 0, cancelled: 0 };
      for (let run = 1; run <= 30; run += 1) {
        const { dropId } = await insertLiveDrop(db, { now: a.clock.now(), rounds: [{ packCount: 1, price: 2_000 }] });
        const buyer = await fastBuyer(a);
        const placed = await a.app.inject({
          method: 'POST',
          url: '/v2/orders',
          headers: { ...bearer(buyer.accessToken), 'idempotency-key': newId() },
          payload: { dropId, quantity: 1, paymentMethod: 'CARD' },
        });
        expect(placed.statusCode, placed.body).toBe(201);
        const orderId = placed.json().data.id as string;
        const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
        const [deposit] = await db.select().from(deposits).where(eq(deposits.id, order!.depositId!));

        const pay = () => deliverCardPaymentSucceeded(a, WEBHOOK_SECRET, deposit!);
        const cancel = () =>
          b.app.inject({ method: 'POST', url: `/v1/orders/${orderId}/cancel`, headers: bearer(buyer.accessToken) });
        // Both queue on the order's row behind a gate, in turn, so each run decides which one reaches it first:
        // the payment on odd runs, the cancel on even ones.
        const paymentFirst = run % 2 === 1;
        const { webhook, cancelled } = await inTurn(orderId, paymentFirst ? [pay, cancel] : [cancel, pay]).then(
          ([first, second]) =>
            paymentFirst ? { webhook: first, cancelled: second } : { webhook: second, cancelled: first },
        );

        expect(webhook.statusCode, webhook.body).toBe(200);
        const [after] = await db.select().from(orders).where(eq(orders.id, orderId));
        const [pack] = await db.select().from(packs).where(eq(packs.dropId, dropId));
        const balances = await balancesOf(db, buyer.userId);
        expect(after!.status).toBe(paymentFirst ? 'SUCCESSFUL' : 'FAILED');
        if (after!.status === 'SUCCESSFUL') {
          // The payment first: the cancel came too late, and said so.
          outcomes.paid += 1;
          expect([cancelled.statusCode, cancelled.json().code]).toEqual([409, 'ORDER_NOT_PENDING']);
          expect(pack).toMatchObject({ orderId, ownerUserId: buyer.userId });
          expect(balances).toMatchObject({ unsettled: 0 });
        } else {
          // The cancel first: the pack is back on sale and the late payment stays in the balance.
          outcomes.cancelled += 1;
          expect(cancelled.statusCode, cancelled.body).toBe(200);
          expect(cancelled.json().data.failureReason).toBe(ORDER_CANCELLED_BY_BUYER);
          expect(after).toMatchObject({ status: 'FAILED', failureReason: PAID_AFTER_CANCEL });
          // A retry of the cancel (its answer lost) still finds the order cancelled.
          const retried = await cancel();
          expect([retried.statusCode, retried.json().data?.failureReason]).toEqual([200, PAID_AFTER_CANCEL]);
          expect(pack).toMatchObject({ orderId: null, ownerUserId: null });
          expect(balances).toMatchObject({ unsettled: 2_100 });
        }
      }
      expect(outcomes).toEqual({ paid: 15, cancelled: 15 });
      expect(await purchaseInvariantViolations(db)).toEqual(noPurchaseViolations);
      expect([...a.errorReporter.reports, ...b.errorReporter.reports]).toEqual([]);
    },
    300_000,
  );
});
