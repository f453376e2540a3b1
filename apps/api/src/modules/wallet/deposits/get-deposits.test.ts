import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeUser, bearer } from '../../../testing/auth-helpers.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { closeOrderCheckout } from './close-order-checkout.ts';
import { expireAbandonedDeposits } from './expire-abandoned-deposits.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: 'http://cypher.test' } });
});
afterAll(() => t.close());

async function createDeposit(accessToken: string, amount: number) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/v1/deposits',
    headers: bearer(accessToken),
    payload: { method: 'card', amount: { amount, currency: 'USD' } },
  });
  expect(response.statusCode).toBe(201);
  return response.json().data as { depositId: string; checkoutUrl: string };
}

function getDeposit(accessToken: string, id: string) {
  return t.app.inject({ method: 'GET', url: `/v1/deposits/${id}`, headers: bearer(accessToken) });
}

async function payAtCheckout(checkoutUrl: string, cardNumber: string) {
  const paid = await t.app.inject({
    method: 'POST',
    url: new URL(checkoutUrl).pathname,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ cardNumber, expiry: '12/39', cvc: '123' }).toString(),
  });
  expect(paid.statusCode).toBe(303);
}

describe('GET /v1/deposits/:id', () => {
  it('answers a pending deposit with its open checkout, then the succeeded one with what paid', async () => {
    const user = await activeUser(t);
    const { depositId, checkoutUrl } = await createDeposit(user.accessToken, 2500);

    const pending = await getDeposit(user.accessToken, depositId);
    expect(pending.statusCode).toBe(200);
    const data = pending.json().data;
    expect(data).toEqual({
      id: depositId,
      method: 'card',
      status: 'pending',
      amount: { amount: 2500, currency: 'USD' },
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      failureReason: null,
      paymentMethod: null,
      checkoutUrl,
      expiresAt: expect.any(String),
      // Adding funds, not paying a purchase.
      orderId: null,
      heldPayment: null,
    });
    expect(new Date(data.createdAt).toISOString()).toBe(data.createdAt);
    // The local card checkout stays open for half an hour (Stripe's shortest).
    expect(Date.parse(data.expiresAt) - Date.parse(data.createdAt)).toBe(30 * 60 * 1000);

    await payAtCheckout(checkoutUrl, '4242 4242 4242 4242');
    const succeeded = (await getDeposit(user.accessToken, depositId)).json().data;
    expect(succeeded).toMatchObject({
      status: 'succeeded',
      paymentMethod: 'Visa •••• 4242',
      failureReason: null,
      checkoutUrl: null,
      expiresAt: null,
    });
  });

  it('answers a declined card as failed with the plain reason code, and no checkout', async () => {
    const user = await activeUser(t);
    const { depositId, checkoutUrl } = await createDeposit(user.accessToken, 1500);
    await payAtCheckout(checkoutUrl, '4000000000009995');
    const failed = (await getDeposit(user.accessToken, depositId)).json().data;
    expect(failed).toMatchObject({ status: 'failed', failureReason: 'insufficient_funds', checkoutUrl: null });
  });

  it.each([
    ['someone else’s deposit', 'foreign'],
    ['an unknown id', '0190f3a0-0000-7000-8000-000000000000'],
    ['a malformed id', 'not-a-deposit'],
  ])('answers 404 DEPOSIT_NOT_FOUND for %s', async (_name, which) => {
    const owner = await activeUser(t);
    const { depositId } = await createDeposit(owner.accessToken, 1000);
    const other = await activeUser(t);
    const response = await getDeposit(other.accessToken, which === 'foreign' ? depositId : which);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'DEPOSIT_NOT_FOUND', message: 'We could not find this deposit.' });
  });

  it('needs a signed-in person', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/v1/deposits/0190f3a0-0000-7000-8000-000000000000' });
    expect(response.statusCode).toBe(401);
  });
});

describe('GET /v1/deposits', () => {
  it('lists only mine, newest first, in the one page shape', async () => {
    const user = await activeUser(t);
    const other = await activeUser(t);
    await createDeposit(other.accessToken, 900);
    const ids: string[] = [];
    for (const amount of [1000, 2000, 3000]) {
      ids.push((await createDeposit(user.accessToken, amount)).depositId);
      t.clock.advance(1000);
    }
    const first = await t.app.inject({
      method: 'GET',
      url: '/v1/deposits?page=1&size=2',
      headers: bearer(user.accessToken),
    });
    expect(first.statusCode).toBe(200);
    const page = first.json().data;
    expect(page).toMatchObject({ page: 1, size: 2, total: 3 });
    expect(page.items.map((item: { id: string }) => item.id)).toEqual([ids[2], ids[1]]);
    expect(page.items[0]).toMatchObject({ status: 'pending', amount: { amount: 3000, currency: 'USD' } });

    const second = await t.app.inject({
      method: 'GET',
      url: '/v1/deposits?page=2&size=2',
      headers: bearer(user.accessToken),
    });
    expect(second.json().data.items.map((item: { id: string }) => item.id)).toEqual([ids[0]]);
  });

  it('lists only those still in progress with isOpen=true, and only the others with isOpen=false', async () => {
    const user = await activeUser(t);
    const open = await createDeposit(user.accessToken, 1000);
    const paid = await createDeposit(user.accessToken, 2000);
    await payAtCheckout(paid.checkoutUrl, '4242 4242 4242 4242');
    const list = async (query: string) =>
      (await t.app.inject({ method: 'GET', url: `/v1/deposits?${query}`, headers: bearer(user.accessToken) })).json()
        .data;
    expect((await list('isOpen=true')).items.map((item: { id: string }) => item.id)).toEqual([open.depositId]);
    expect((await list('isOpen=false')).items.map((item: { id: string }) => item.id)).toEqual([paid.depositId]);
    expect((await list('isOpen=true')).total).toBe(1);
    const refused = await t.app.inject({
      method: 'GET',
      url: '/v1/deposits?isOpen=yes',
      headers: bearer(user.accessToken),
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('INVALID_REQUEST');
  });

  it('lists only those that ended without being paid with isUnpaid=true: declined and expired, not open, paid or replaced', async () => {
    const user = await activeUser(t);
    const expired = await createDeposit(user.accessToken, 500);
    await expireAbandonedDeposits(t.database.db, new Date(t.clock.now().getTime() + 24 * 60 * 60 * 1000));
    t.clock.advance(1000);
    const open = await createDeposit(user.accessToken, 1000);
    t.clock.advance(1000);
    const paid = await createDeposit(user.accessToken, 2000);
    await payAtCheckout(paid.checkoutUrl, '4242 4242 4242 4242');
    t.clock.advance(1000);
    // Closed because its order was paid another way: not a payment that failed.
    const replaced = await createDeposit(user.accessToken, 1500);
    await closeOrderCheckout(t.database.db, replaced.depositId, t.clock.now(), 'replaced');
    t.clock.advance(1000);
    const declined = await createDeposit(user.accessToken, 3000);
    await payAtCheckout(declined.checkoutUrl, '4000 0000 0000 0002');
    const list = async (query: string) =>
      (await t.app.inject({ method: 'GET', url: `/v1/deposits?${query}`, headers: bearer(user.accessToken) })).json()
        .data;
    const unpaid = await list('isUnpaid=true');
    expect(unpaid.items.map((item: { id: string }) => item.id)).toEqual([declined.depositId, expired.depositId]);
    expect(unpaid.items[0]).toMatchObject({ status: 'failed', failureReason: 'card_declined' });
    expect(unpaid.items[1]).toMatchObject({ status: 'expired', failureReason: 'expired' });
    expect(unpaid.total).toBe(2);
    expect((await list('isUnpaid=false')).items.map((item: { id: string }) => item.id)).toEqual([
      replaced.depositId,
      paid.depositId,
      open.depositId,
    ]);
  });

  it('answers an empty page for someone without deposits', async () => {
    const user = await activeUser(t);
    const response = await t.app.inject({ method: 'GET', url: '/v1/deposits', headers: bearer(user.accessToken) });
    expect(response.json().data).toEqual({ items: [], page: 1, size: 20, total: 0 });
  });
});
