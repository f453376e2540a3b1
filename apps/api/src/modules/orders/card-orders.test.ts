import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MINUTE_MS } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import { bearer } from '../../testing/auth-helpers.ts';
import { fastBuyer, insertLiveDrop } from '../../testing/drop-fixtures.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { balancesOf, depositForTest, ledgerInvariantViolations, noViolations } from '../../testing/wallet-helpers.ts';
import { packs } from '../drops/drops.tables.ts';
import { deposits } from '../wallet/deposits/deposits.tables.ts';
import { orders } from './orders.tables.ts';
import { timeOutOrders } from './time-out-orders.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: 'http://cypher.test' } });
});
afterAll(() => t.close());

const db = () => t.database.db;
const liveDrop = (options: Parameters<typeof insertLiveDrop>[1]) => insertLiveDrop(db(), { now: t.clock.now(), ...options });

async function cardOrder(accessToken: string, dropId: string, quantity = 1, paymentMethod = 'CARD') {
  const created = await t.app.inject({
    method: 'POST',
    url: '/v2/orders',
    headers: { ...bearer(accessToken), 'idempotency-key': newId() },
    payload: { dropId, quantity, paymentMethod },
  });
  expect(created.statusCode).toBe(201);
  return created.json().data as { id: string; status: string; checkoutUrl: string };
}

/** The sandbox's hosted card page, as the person fills it in; it signs and delivers the provider's webhook. */
function payAtCheckout(checkoutUrl: string, cardNumber = '4242 4242 4242 4242') {
  return t.app.inject({
    method: 'POST',
    url: new URL(checkoutUrl).pathname + new URL(checkoutUrl).search,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ cardNumber, expiry: '12/39', cvc: '123' }).toString(),
  });
}

async function readOrder(accessToken: string, id: string) {
  return (await t.app.inject({ method: 'GET', url: `/v1/orders/${id}`, headers: bearer(accessToken) })).json().data;
}

async function notificationsOf(accessToken: string) {
  return (await t.app.inject({ method: 'GET', url: '/v1/notifications', headers: bearer(accessToken) })).json().data;
}

describe('orders paid by card', () => {
  it('hold the packs, send the buyer to the checkout, and complete once when the payment is confirmed', async () => {
    const { dropId } = await liveDrop({ rounds: [{ packCount: 3, price: 2_000 }], name: 'Neon Tides' });
    const buyer = await fastBuyer(t);
    const placed = await cardOrder(buyer.accessToken, dropId, 2);
    expect(placed.status).toBe('PENDING');
    expect(placed.checkoutUrl).toMatch(/^http:\/\/cypher\.test\/dev\/payments\/card\/checkout\//);

    const pending = await readOrder(buyer.accessToken, placed.id);
    expect(pending).toMatchObject({ status: 'PENDING', paymentMethod: 'CARD', checkoutUrl: placed.checkoutUrl, receipt: null });
    expect(pending.packIds).toHaveLength(2);
    expect(Date.parse(pending.holdExpiresAt) - t.clock.now().getTime()).toBe(10 * MINUTE_MS);
    // Held, not owned: nobody else can claim them, and they are not the buyer's yet.
    expect(await db().select().from(packs).where(eq(packs.ownerUserId, buyer.userId))).toEqual([]);

    const paid = await payAtCheckout(placed.checkoutUrl);
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`http://cypher.test/purchase/${placed.id}/status`);

    const done = await readOrder(buyer.accessToken, placed.id);
    expect(done).toMatchObject({
      status: 'SUCCESSFUL',
      checkoutUrl: null,
      receipt: { paymentMethod: 'Visa •••• 4242', totalPaid: { amount: 4_200, currency: 'USD' } },
    });
    expect(await db().select().from(packs).where(eq(packs.ownerUserId, buyer.userId))).toHaveLength(2);
    // The card money came in and paid the order: nothing is left over in the balance.
    expect(await balancesOf(db(), buyer.userId)).toMatchObject({ unsettled: 0 });
    const stages = (await notificationsOf(buyer.accessToken)).items.map((item: { stage: string }) => item.stage);
    expect(stages).toEqual(['SUCCESSFUL', 'PENDING']);
    expect(await ledgerInvariantViolations(db())).toEqual(noViolations);
  });

  it('a replayed confirmation delivers once', async () => {
    const { dropId } = await liveDrop({ rounds: [{ packCount: 3, price: 2_000 }] });
    const buyer = await fastBuyer(t);
    const placed = await cardOrder(buyer.accessToken, dropId);
    await payAtCheckout(placed.checkoutUrl);
    // The sandbox page answers a second submission from the same checkout with the same outcome, applied once.
    await payAtCheckout(placed.checkoutUrl);
    const [order] = await db().select().from(orders).where(eq(orders.id, placed.id));
    const [deposit] = await db().select().from(deposits).where(eq(deposits.id, order!.depositId!));
    expect(deposit!.status).toBe('succeeded');
    expect(await db().select().from(packs).where(eq(packs.ownerUserId, buyer.userId))).toHaveLength(1);
    expect(await balancesOf(db(), buyer.userId)).toMatchObject({ unsettled: 0 });
    expect(await ledgerInvariantViolations(db())).toEqual(noViolations);
  });

  it('time out when the hold passes: the packs sell again, and a payment arriving late goes to the balance', async () => {
    const { dropId } = await liveDrop({ rounds: [{ packCount: 1, price: 2_000 }], name: 'Late Bloom' });
    const slow = await fastBuyer(t);
    const placed = await cardOrder(slow.accessToken, dropId);

    const other = await fastBuyer(t);
    await depositForTest(db(), { userId: other.userId, source: 'crypto', amount: 10_000 });
    const whileHeld = await t.app.inject({
      method: 'POST',
      url: '/v2/orders',
      headers: { ...bearer(other.accessToken), 'idempotency-key': newId() },
      payload: { dropId, quantity: 1, paymentMethod: 'BALANCE' },
    });
    expect(whileHeld.json().code).toBe('SOLD_OUT');

    t.clock.advance(10 * MINUTE_MS + 1);
    expect(await timeOutOrders(db(), t.clock.now(), 10)).toBe(1);
    expect(await readOrder(slow.accessToken, placed.id)).toMatchObject({ status: 'TIMED_OUT', packIds: [] });
    expect((await notificationsOf(slow.accessToken)).items[0]).toMatchObject({ stage: 'TIMED_OUT', title: 'Purchase timed out' });

    const resold = await t.app.inject({
      method: 'POST',
      url: '/v2/orders',
      headers: { ...bearer(other.accessToken), 'idempotency-key': newId() },
      payload: { dropId, quantity: 1, paymentMethod: 'BALANCE' },
    });
    expect(resold.statusCode).toBe(201);

    await payAtCheckout(placed.checkoutUrl);
    expect(await readOrder(slow.accessToken, placed.id)).toMatchObject({ status: 'TIMED_OUT', receipt: null });
    expect(await db().select().from(packs).where(eq(packs.ownerUserId, slow.userId))).toEqual([]);
    expect(await balancesOf(db(), slow.userId)).toMatchObject({ unsettled: 2_100 });
    expect((await notificationsOf(slow.accessToken)).items[0]).toMatchObject({
      title: 'Payment added to your balance',
      body: 'Your payment for Late Bloom arrived after the packs were released, so $21.00 was added to your balance instead.',
    });
    expect(await ledgerInvariantViolations(db())).toEqual(noViolations);
  });

  it('fail when the card is declined, and the packs go back on sale', async () => {
    const { dropId } = await liveDrop({ rounds: [{ packCount: 1, price: 2_000 }] });
    const buyer = await fastBuyer(t);
    const placed = await cardOrder(buyer.accessToken, dropId);
    await payAtCheckout(placed.checkoutUrl, '4000 0000 0000 0002');
    expect(await readOrder(buyer.accessToken, placed.id)).toMatchObject({ status: 'FAILED', packIds: [] });
    const free = await db().select().from(packs).where(eq(packs.dropId, dropId));
    expect(free.every((pack) => pack.orderId === null)).toBe(true);
    expect(await balancesOf(db(), buyer.userId)).toMatchObject({});
  });

  it('a pending order can be paid through Tilia instead', async () => {
    const { dropId } = await liveDrop({ rounds: [{ packCount: 1, price: 2_000 }] });
    const buyer = await fastBuyer(t);
    const placed = await cardOrder(buyer.accessToken, dropId);
    const switched = await t.app.inject({ method: 'POST', url: `/v1/orders/${placed.id}/tilia`, headers: bearer(buyer.accessToken) });
    expect(switched.statusCode).toBe(200);
    expect(switched.json().data.checkoutUrl).toMatch(/\/dev\/payments\/tilia\/checkout\//);
    expect(await readOrder(buyer.accessToken, placed.id)).toMatchObject({ paymentMethod: 'TILIA', status: 'PENDING' });

    const stranger = await fastBuyer(t);
    const notMine = await t.app.inject({ method: 'POST', url: `/v1/orders/${placed.id}/tilia`, headers: bearer(stranger.accessToken) });
    expect(notMine.json().code).toBe('ORDER_NOT_FOUND');
  });
});

describe('packs', () => {
  it('open once: the editions are revealed and become mine; a stranger cannot see or open them', async () => {
    const { dropId, products } = await liveDrop({ rounds: [{ packCount: 2, price: 1_000 }], editionsPerPack: 3 });
    const activityKinds = async () => {
      const lists = await Promise.all(
        [products.common.id, products.legendary.id].map(async (productId) =>
          (await t.app.inject({ method: 'GET', url: `/v1/products/${productId}/activities` })).json().data.items,
        ),
      );
      return lists.flat().map((activity: { kind: string }) => activity.kind).sort();
    };
    const buyer = await fastBuyer(t);
    await depositForTest(db(), { userId: buyer.userId, source: 'crypto', amount: 10_000 });
    const placed = await t.app.inject({
      method: 'POST',
      url: '/v2/orders',
      headers: { ...bearer(buyer.accessToken), 'idempotency-key': newId() },
      payload: { dropId, quantity: 1, paymentMethod: 'BALANCE' },
    });
    const orderId = placed.json().data.id as string;
    const collections = (await t.app.inject({ method: 'GET', url: `/v1/orders/${orderId}/collections`, headers: bearer(buyer.accessToken) })).json().data;
    expect(collections.packs).toHaveLength(1);
    const packId = collections.packs[0].id as string;
    expect(collections.packs[0]).toMatchObject({ isOpened: false, rarity: null, items: [] });
    // The purchase is recorded, but the product pages do not give away what the unopened pack holds.
    expect(await activityKinds()).toEqual([]);

    const mine = (await t.app.inject({ method: 'GET', url: '/v1/packs', headers: bearer(buyer.accessToken) })).json().data;
    expect(mine.groups).toMatchObject([{ rarity: null, packs: [{ id: packId }] }]);

    const stranger = await fastBuyer(t);
    const peek = await t.app.inject({ method: 'GET', url: `/v1/packs/${packId}`, headers: bearer(stranger.accessToken) });
    expect(peek.json().code).toBe('PACK_NOT_FOUND');
    const steal = await t.app.inject({ method: 'POST', url: `/v1/packs/${packId}/open`, headers: bearer(stranger.accessToken) });
    expect(steal.json().code).toBe('PACK_NOT_FOUND');

    const [first, second] = await Promise.all([
      t.app.inject({ method: 'POST', url: `/v1/packs/${packId}/open`, headers: bearer(buyer.accessToken) }),
      t.app.inject({ method: 'POST', url: `/v1/packs/${packId}/open`, headers: bearer(buyer.accessToken) }),
    ]);
    expect(first.json().data).toEqual(second.json().data);
    const opened = first.json().data;
    expect(opened.isOpened).toBe(true);
    expect(opened.items).toHaveLength(3);
    for (const item of opened.items) {
      expect(item.imageUrl).toBe(item.product.imageThumbnailUrl);
      expect(item.edition.serialNumber).toBeGreaterThan(0);
    }
    expect(opened.rarity).toBe(opened.items.some((item: { product: { rarity: string } }) => item.product.rarity === 'LEGENDARY') ? 'LEGENDARY' : 'COMMON');
    expect(await activityKinds()).toEqual(['OPENED', 'OPENED', 'OPENED', 'PURCHASED', 'PURCHASED', 'PURCHASED']);
  });
});

describe('notifications', () => {
  it('are marked read one by one or all at once', async () => {
    const { dropId } = await liveDrop({ rounds: [{ packCount: 3, price: 1_000 }] });
    const buyer = await fastBuyer(t);
    await cardOrder(buyer.accessToken, dropId);
    await cardOrder(buyer.accessToken, dropId);
    const before = await notificationsOf(buyer.accessToken);
    expect(before.unreadCount).toBe(2);
    const read = await t.app.inject({ method: 'POST', url: `/v1/notifications/${before.items[0].id}/read`, headers: bearer(buyer.accessToken) });
    expect(read.statusCode).toBe(204);
    expect((await notificationsOf(buyer.accessToken)).unreadCount).toBe(1);
    await t.app.inject({ method: 'POST', url: '/v1/notifications/read-all', headers: bearer(buyer.accessToken) });
    const after = await notificationsOf(buyer.accessToken);
    expect(after.unreadCount).toBe(0);
    expect(after.items.every((item: { isRead: boolean }) => item.isRead)).toBe(true);

    const stranger = await fastBuyer(t);
    const notMine = await t.app.inject({ method: 'POST', url: `/v1/notifications/${before.items[1].id}/read`, headers: bearer(stranger.accessToken) });
    expect(notMine.json().code).toBe('NOTIFICATION_NOT_FOUND');
  });
});
