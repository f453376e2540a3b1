import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDiscordRoleSync } from '../../adapters/discord-roles/discord-roles.ts';
import { testDatabaseUrl } from '../../config.ts';
import { queryRows } from '../../db/query-rows.ts';
import { idleJobQueue } from '../../jobs/job-queue.ts';
import { recurringJobs } from '../../jobs/job-scheduler.ts';
import { MINUTE_MS } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import { bearer } from '../../testing/auth-helpers.ts';
import { fastBuyer, freshAccessToken, insertLiveDrop } from '../../testing/drop-fixtures.ts';
import { raceThroughGate } from '../../testing/lock-barrier.ts';
import { noPurchaseViolations, purchaseInvariantViolations } from '../../testing/purchase-invariants.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { deliverCardPaymentSucceeded } from '../../testing/webhook-helpers.ts';
import { balancesOf, depositForTest, ledgerInvariantViolations, noViolations } from '../../testing/wallet-helpers.ts';
import { paymentEvents } from '../wallet/deposits/deposits.tables.ts';
import { packs } from '../drops/drops.tables.ts';
import { deposits } from '../wallet/deposits/deposits.tables.ts';
import { orders } from './orders.tables.ts';
import { timeOutOrders } from './time-out-orders.ts';

/**
 * A card or Tilia order whose payment died before its hold did: the order is released with it, in the same
 * transaction, so its packs go back on sale at once instead of staying held (and shown as sold) until the hold ends.
 * The hold here (an hour) outlasts the sandbox checkout (30 minutes) and an intent that never opened (15 minutes).
 */
const HOLD_MINUTES = 60;
const WEBHOOK_SECRET = 'whsec_test_secret_for_closed_order_payments';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    env: {
      PUBLIC_URL: 'http://cypher.test',
      PAYMENTS_WEBHOOK_SECRET: WEBHOOK_SECRET,
      ORDER_HOLD_MINUTES: String(HOLD_MINUTES),
      // Tilia configured at an address where nothing listens: opening its checkout fails at once.
      TILIA_CLIENT_ID: 'tilia-client',
      TILIA_CLIENT_SECRET: 'tilia-secret',
      TILIA_WEBHOOK_SECRET: 'tilia-webhook-secret',
      TILIA_AUTH_BASE: 'http://127.0.0.1:9',
      TILIA_API_BASE: 'http://127.0.0.1:9',
    },
  });
});
afterAll(() => t.close());

const db = () => t.database.db;

async function cardOrder(accessToken: string, dropId: string) {
  const created = await t.app.inject({
    method: 'POST',
    url: '/v2/orders',
    headers: { ...bearer(accessToken), 'idempotency-key': newId() },
    payload: { dropId, quantity: 1, paymentMethod: 'CARD' },
  });
  expect(created.statusCode).toBe(201);
  return created.json().data as { id: string; status: string; checkoutUrl: string };
}

async function orderRow(id: string) {
  const [order] = await db().select().from(orders).where(eq(orders.id, id));
  return order!;
}

function runExpiryJob() {
  const job = recurringJobs.find((candidate) => candidate.name === 'expire-abandoned-deposits')!;
  return job.run({
    config: t.deps.config,
    database: t.database,
    clock: t.clock,
    storage: t.storage,
    discordRoles: localDiscordRoleSync(),
    mailer: t.deps.mailer,
    jobs: idleJobQueue,
  });
}

/** The card provider's signed word that the deposit was paid in full. */
const paymentSucceeded = (deposit: Parameters<typeof deliverCardPaymentSucceeded>[2]) =>
  deliverCardPaymentSucceeded(t, WEBHOOK_SECRET, deposit);

/** Whether someone else can buy the drop's only pack from their balance now. */
async function isPackOnSale(dropId: string) {
  const other = await fastBuyer(t);
  await depositForTest(db(), { userId: other.userId, source: 'crypto', amount: 10_000 });
  const bought = await t.app.inject({
    method: 'POST',
    url: '/v2/orders',
    headers: { ...bearer(other.accessToken), 'idempotency-key': newId() },
    payload: { dropId, quantity: 1, paymentMethod: 'BALANCE' },
  });
  return bought.statusCode === 201;
}

describe('an order whose payment closed before its hold ended', () => {
  it('is released when the abandoned-checkout job expires its checkout: the pack sells again, once', async () => {
    const { dropId } = await insertLiveDrop(db(), { now: t.clock.now(), rounds: [{ packCount: 1, price: 2_000 }] });
    const buyer = await fastBuyer(t);
    const placed = await cardOrder(buyer.accessToken, dropId);
    const { depositId } = await orderRow(placed.id);

    t.clock.advance(30 * MINUTE_MS + 1);
    expect(await runExpiryJob()).toBe(1);
    const [deposit] = await db().select().from(deposits).where(eq(deposits.id, depositId!));
    expect(deposit).toMatchObject({ status: 'expired', failureReason: 'expired' });
    const order = await t.app.inject({
      method: 'GET',
      url: `/v1/orders/${placed.id}`,
      headers: bearer(await freshAccessToken(t, buyer.userId)),
    });
    expect(order.json().data).toMatchObject({ status: 'FAILED', failureReason: 'expired', packIds: [] });
    const [pack] = await db().select().from(packs).where(eq(packs.dropId, dropId));
    expect(pack).toMatchObject({ orderId: null, ownerUserId: null });
    expect(await isPackOnSale(dropId)).toBe(true);

    // Released once: neither the job again nor the hold's own timeout touches it.
    expect(await runExpiryJob()).toBe(0);
    t.clock.advance(HOLD_MINUTES * MINUTE_MS);
    expect(await timeOutOrders(db(), t.clock.now(), HOLD_MINUTES)).toBe(0);
    expect(await orderRow(placed.id)).toMatchObject({ status: 'FAILED' });
    expect(await ledgerInvariantViolations(db())).toEqual(noViolations);
  });

  it('adds a payment that arrives after the closed checkout to the balance, and says so in those words', async () => {
    const { dropId } = await insertLiveDrop(db(), { now: t.clock.now(), rounds: [{ packCount: 1, price: 2_000 }] });
    const buyer = await fastBuyer(t);
    const placed = await cardOrder(buyer.accessToken, dropId);
    const { depositId, total } = await orderRow(placed.id);
    t.clock.advance(30 * MINUTE_MS + 1);
    expect(await runExpiryJob()).toBe(1);
    const [deposit] = await db().select().from(deposits).where(eq(deposits.id, depositId!));

    const late = await paymentSucceeded(deposit!);
    expect(late.statusCode).toBe(200);
    expect(await orderRow(placed.id)).toMatchObject({ status: 'FAILED', failureReason: 'paid_after_hold_expired' });
    expect((await balancesOf(db(), buyer.userId)).unsettled).toBe(total);
    const [notice] = await queryRows<{ body: string }>(
      db(),
      sql`select body from notifications where user_id = ${buyer.userId} and reference_id = ${placed.id}
          order by created_at desc, id desc limit 1`,
    );
    expect(notice!.body).toMatch(
      /arrived after its checkout had closed and the order with it, so \$.* was added to your balance/,
    );
    expect(await ledgerInvariantViolations(db())).toEqual(noViolations);
  });

  it('is released when the Tilia checkout it switched to cannot be opened', async () => {
    const { dropId } = await insertLiveDrop(db(), { now: t.clock.now(), rounds: [{ packCount: 1, price: 2_000 }] });
    const buyer = await fastBuyer(t);
    const placed = await cardOrder(buyer.accessToken, dropId);

    const switched = await t.app.inject({
      method: 'POST',
      url: `/v1/orders/${placed.id}/tilia`,
      headers: bearer(buyer.accessToken),
    });
    expect([switched.statusCode, switched.json().code]).toEqual([502, 'PAYMENT_PROVIDER_UNAVAILABLE']);
    // The card checkout was closed by the switch and the Tilia one failed: nothing can pay the order now.
    const order = await orderRow(placed.id);
    const [tilia] = await db().select().from(deposits).where(eq(deposits.id, order.depositId!));
    expect(tilia).toMatchObject({ status: 'failed', failureReason: 'provider_unavailable' });
    expect(order).toMatchObject({ status: 'FAILED', failureReason: 'provider_unavailable' });
    expect(await isPackOnSale(dropId)).toBe(true);
    expect(await runExpiryJob()).toBe(0);
  });
});

describe('the abandoned-checkout job racing the payment of the same order on PostgreSQL', () => {
  it.runIf(Boolean(testDatabaseUrl()))(
    'whichever commits first, the order is paid or released exactly once, and the money is credited once (5 times)',
    async () => {
      const connectionString = t.database.pool!.options.connectionString!;
      for (let run = 1; run <= 5; run += 1) {
        const { dropId, policies } = await insertLiveDrop(db(), {
          now: t.clock.now(),
          // A per-person limit, so the allowance shows whether the order's count was given back once.
          rounds: [{ packCount: 1, price: 2_000, perPersonLimit: 3 }],
        });
        const buyer = await fastBuyer(t);
        const placed = await cardOrder(buyer.accessToken, dropId);
        const { depositId } = await orderRow(placed.id);
        const [deposit] = await db().select().from(deposits).where(eq(deposits.id, depositId!));
        // The checkout's expiry has passed, the order's hold has not; the payment lands as the job runs.
        t.clock.advance(30 * MINUTE_MS + 1);

        // The gate holds the order, which both lock first; once both are seen waiting on it, they run into each other.
        const [webhook] = await raceThroughGate(
          connectionString,
          [{ text: 'select 1 from orders where id = $1 for update', values: [placed.id] }],
          2,
          () => Promise.all([paymentSucceeded(deposit!), runExpiryJob()]),
        );

        expect(webhook.statusCode).toBe(200);
        const [paid] = await db().select().from(deposits).where(eq(deposits.id, depositId!));
        expect(paid!.status).toBe('succeeded');
        const events = await db().select().from(paymentEvents).where(eq(paymentEvents.depositId, depositId!));
        expect(events.map((event) => event.reviewReason)).toEqual([null]);
        expect(await balancesOf(db(), buyer.userId)).toMatchObject({ unsettled: expect.any(Number) });
        const order = await orderRow(placed.id);
        const [pack] = await db().select().from(packs).where(eq(packs.dropId, dropId));
        const [allowance] = await queryRows<{ purchased: number }>(
          db(),
          sql`select purchased from purchase_allowances where item_id = ${policies[0]!.id} and user_id = ${buyer.userId}`,
        );
        if (order.status === 'SUCCESSFUL') {
          // The payment first: the order delivered, the job found nothing left to expire.
          expect(pack).toMatchObject({ orderId: placed.id, ownerUserId: buyer.userId });
          expect(Number(allowance!.purchased)).toBe(1);
          expect((await balancesOf(db(), buyer.userId)).unsettled ?? 0).toBe(0);
        } else {
          // The job first: the order released once, and the late payment went to the balance, not to the pack.
          expect(order.status).toBe('FAILED');
          expect(pack).toMatchObject({ orderId: null, ownerUserId: null });
          expect(Number(allowance!.purchased)).toBe(0);
          expect(await balancesOf(db(), buyer.userId)).toMatchObject({ unsettled: 2_100 });
        }
      }
      expect(await purchaseInvariantViolations(db())).toEqual(noPurchaseViolations);
      expect(await ledgerInvariantViolations(db())).toEqual(noViolations);
      expect(t.errorReporter.reports).toEqual([]);
    },
    300_000,
  );
});
