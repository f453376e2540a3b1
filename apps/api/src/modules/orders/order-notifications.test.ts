import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MINUTE_MS } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import { bearer } from '../../testing/auth-helpers.ts';
import { fastBuyer, insertLiveDrop } from '../../testing/drop-fixtures.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { depositForTest } from '../../testing/wallet-helpers.ts';
import { timeOutOrders } from './time-out-orders.ts';

// Issue 22: a "Payment pending" notice stayed unread beside its "Purchase complete" (6 unread after 4 orders). An
// order's end (complete, failed, timed out) now supersedes its pending notice: that one is marked read, and both stay
// in the feed as the purchase's history.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: 'http://cypher.test' } });
});
afterAll(() => t.close());

async function cardOrder(accessToken: string, dropId: string) {
  const created = await t.app.inject({
    method: 'POST',
    url: '/v2/orders',
    headers: { ...bearer(accessToken), 'idempotency-key': newId() },
    payload: { dropId, quantity: 1, paymentMethod: 'CARD' },
  });
  expect(created.statusCode).toBe(201);
  return created.json().data as { id: string; checkoutUrl: string };
}

/** The sandbox's hosted card page, as the person fills it in; it signs and delivers the provider's webhook. */
function payAtCheckout(checkoutUrl: string, cardNumber = '4242 4242 4242 4242') {
  return t.app.inject({
    method: 'POST',
    url: new URL(checkoutUrl).pathname,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ cardNumber, expiry: '12/39', cvc: '123' }).toString(),
  });
}

const feedOf = async (accessToken: string) =>
  (await t.app.inject({ method: 'GET', url: '/v1/notifications?size=50', headers: bearer(accessToken) })).json()
    .data as { items: { kind: string; title: string; isRead: boolean }[]; unreadCount: number };

describe('purchase notifications', () => {
  it('four card orders that complete leave four unread notices, not eight, and no "Funds added" for their money', async () => {
    const { dropId } = await insertLiveDrop(t.database.db, { now: t.clock.now(), rounds: [{ packCount: 10 }] });
    const buyer = await fastBuyer(t);
    for (let order = 0; order < 4; order += 1) {
      const placed = await cardOrder(buyer.accessToken, dropId);
      expect((await feedOf(buyer.accessToken)).unreadCount).toBe(order + 1);
      expect((await payAtCheckout(placed.checkoutUrl)).statusCode).toBe(303);
    }
    const feed = await feedOf(buyer.accessToken);
    expect(feed.unreadCount).toBe(4);
    expect(feed.items).toHaveLength(8);
    expect(feed.items.filter((item) => item.title === 'Purchase complete').every((item) => !item.isRead)).toBe(true);
    expect(feed.items.filter((item) => item.title === 'Payment pending').every((item) => item.isRead)).toBe(true);
    expect(feed.items.every((item) => item.kind === 'PURCHASE')).toBe(true);
  });

  it('a failed payment and a timed-out hold each leave one unread notice, the pending one read', async () => {
    const { dropId } = await insertLiveDrop(t.database.db, { now: t.clock.now(), rounds: [{ packCount: 10 }] });
    const declined = await fastBuyer(t);
    await payAtCheckout((await cardOrder(declined.accessToken, dropId)).checkoutUrl, '4000 0000 0000 0002');
    expect((await feedOf(declined.accessToken)).items.map((item) => [item.title, item.isRead])).toEqual([
      ['Payment failed', false],
      ['Payment pending', true],
    ]);

    const slow = await fastBuyer(t);
    await cardOrder(slow.accessToken, dropId);
    t.clock.advance(10 * MINUTE_MS + 1);
    expect(await timeOutOrders(t.database.db, t.clock.now(), 10)).toBe(1);
    expect((await feedOf(slow.accessToken)).items.map((item) => [item.title, item.isRead])).toEqual([
      ['Purchase timed out', false],
      ['Payment pending', true],
    ]);
  });

  it('a balance purchase beside a card one: one unread notice each', async () => {
    const { dropId } = await insertLiveDrop(t.database.db, { now: t.clock.now(), rounds: [{ packCount: 10 }] });
    const buyer = await fastBuyer(t);
    await depositForTest(t.database.db, { userId: buyer.userId, source: 'crypto', amount: 10_000 });
    const fromBalance = await t.app.inject({
      method: 'POST',
      url: '/v2/orders',
      headers: { ...bearer(buyer.accessToken), 'idempotency-key': newId() },
      payload: { dropId, quantity: 1, paymentMethod: 'BALANCE' },
    });
    expect(fromBalance.statusCode).toBe(201);
    await payAtCheckout((await cardOrder(buyer.accessToken, dropId)).checkoutUrl);
    expect((await feedOf(buyer.accessToken)).unreadCount).toBe(2);
  });
});
