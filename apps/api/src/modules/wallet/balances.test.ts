import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findDeletionBlockers } from '../users/deletion/deletion-blockers.ts';
import { inTransaction } from '../../db/transaction.ts';
import { newId } from '../../lib/ids.ts';
import { activeUser, bearer } from '../../testing/auth-helpers.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { depositForTest } from '../../testing/wallet-helpers.ts';
import { debitForPurchase } from './debit-for-purchase.ts';
import { settleDeposits } from './settle-deposits.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { BRAND_NAME: 'Cypher Test', CYP_MINOR_UNITS: '3', CYP_PER_USD: '150' } });
});
afterAll(() => t.close());

async function userId(accessToken: string): Promise<string> {
  return (await t.app.inject({ method: 'GET', url: '/v1/users/my', headers: bearer(accessToken) })).json().data.id;
}
const usd = (amount: number) => ({ amount, currency: 'USD' });
const cyp = (amount: number) => ({ amount, currency: 'CYP' });

describe('GET /v1/balances/my', () => {
  it('needs a signed-in person', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/v1/balances/my' });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('UNAUTHORIZED');
  });

  it('answers zero in both currencies for a new person, with the configured CYP unit', async () => {
    const user = await activeUser(t);
    const response = await t.app.inject({ method: 'GET', url: '/v1/balances/my', headers: bearer(user.accessToken) });
    expect(response.statusCode).toBe(200);
    const zeroUsd = { withdrawable: usd(0), nonWithdrawable: usd(0), held: usd(0), total: usd(0) };
    const zeroCyp = { withdrawable: cyp(0), nonWithdrawable: cyp(0), held: cyp(0), total: cyp(0) };
    expect(response.json()).toEqual({
      data: { usd: zeroUsd, cyp: zeroCyp, cypUnit: { minorUnits: 3, cypPerUsd: 150 }, settling: null },
    });
  });

  it('splits withdrawable and non-withdrawable money per currency', async () => {
    const user = await activeUser(t);
    const id = await userId(user.accessToken);
    await depositForTest(t.database.db, { userId: id, source: 'card', amount: 5000 });
    await depositForTest(t.database.db, { userId: id, source: 'crypto', amount: 2500 });
    await depositForTest(t.database.db, { userId: id, source: 'reward', amount: 70_000, currency: 'CYP' });
    const response = await t.app.inject({ method: 'GET', url: '/v1/balances/my', headers: bearer(user.accessToken) });
    expect(response.json().data).toMatchObject({
      usd: { withdrawable: usd(2500), nonWithdrawable: usd(5000), held: usd(0), total: usd(7500) },
      cyp: { withdrawable: cyp(0), nonWithdrawable: cyp(70_000), held: cyp(0), total: cyp(70_000) },
    });
  });
  // Session 34's note: the withdraw tab said card money becomes withdrawable "once the payment has settled", never when.
  it('says when the card and Tilia money still settling has all passed the delay, and nothing once it is withdrawable', async () => {
    const user = await activeUser(t);
    const id = await userId(user.accessToken);
    const DAY_MS = 24 * 60 * 60_000;
    const first = new Date(t.clock.now().getTime() - 3 * DAY_MS);
    const newest = new Date(t.clock.now().getTime() - DAY_MS);
    await depositForTest(t.database.db, { userId: id, source: 'card', amount: 5000, now: first });
    await depositForTest(t.database.db, { userId: id, source: 'card', amount: 2000, now: newest });
    await depositForTest(t.database.db, { userId: id, source: 'crypto', amount: 2500 });
    const balances = async () =>
      (await t.app.inject({ method: 'GET', url: '/v1/balances/my', headers: bearer(user.accessToken) })).json().data;

    // 50.00 from the first deposit's day, all 70.00 from the newest's.
    expect((await balances()).settling).toEqual({
      amount: usd(7000),
      withdrawableFrom: new Date(newest.getTime() + 7 * DAY_MS).toISOString(),
      soonest: { amount: usd(5000), withdrawableFrom: new Date(first.getTime() + 7 * DAY_MS).toISOString() },
    });

    // The first deposit's 50.00 settles, the newest's 20.00 is still settling, dated by it.
    await settleDeposits(t.database.db, new Date(first.getTime() + 7 * DAY_MS), 7);
    expect((await balances()).settling).toEqual({
      amount: usd(2000),
      withdrawableFrom: new Date(newest.getTime() + 7 * DAY_MS).toISOString(),
      soonest: { amount: usd(2000), withdrawableFrom: new Date(newest.getTime() + 7 * DAY_MS).toISOString() },
    });

    await settleDeposits(t.database.db, new Date(newest.getTime() + 7 * DAY_MS), 7);
    const settled = await balances();
    expect(settled.settling).toBeNull();
    expect(settled.usd.withdrawable).toEqual(usd(9500));
  });
});

describe('GET /v1/balances', () => {
  it('lists my movements newest first, paginated, with receipts for payments', async () => {
    const user = await activeUser(t);
    const other = await activeUser(t);
    const id = await userId(user.accessToken);
    const at = (minutes: number) => new Date(Date.parse('2026-03-01T10:00:00.000Z') + minutes * 60_000);
    await depositForTest(t.database.db, { userId: id, source: 'card', amount: 10_000, serviceFee: 320, now: at(0) });
    await depositForTest(t.database.db, { userId: id, source: 'reward', amount: 500, now: at(1) });
    const orderId = newId();
    await inTransaction(t.database.db, (tx) =>
      debitForPurchase(tx, { userId: id, amount: 2100, serviceFee: 100, orderId, now: at(2) }),
    );
    await depositForTest(t.database.db, { userId: await userId(other.accessToken), source: 'crypto', amount: 999 });

    const page1 = await t.app.inject({
      method: 'GET',
      url: '/v1/balances?page=1&size=2',
      headers: bearer(user.accessToken),
    });
    expect(page1.statusCode).toBe(200);
    const { items, page, size, total } = page1.json().data;
    expect({ page, size, total }).toEqual({ page: 1, size: 2, total: 3 });
    expect(items.map((item: { kind: string }) => item.kind)).toEqual(['purchase', 'reward']);
    expect(items[0]).toMatchObject({
      amount: usd(-2100),
      nonWithdrawable: usd(-2100),
      withdrawable: usd(0),
      held: usd(0),
      createdAt: '2026-03-01T10:02:00.000Z',
      receipt: {
        paymentId: items[0].transactionId,
        merchant: 'Cypher Test',
        paidAt: '2026-03-01T10:02:00.000Z',
        // As the order's receipt names it.
        paymentMethod: 'Balance',
        subtotal: usd(2000),
        serviceFee: usd(100),
        totalPaid: usd(2100),
      },
    });
    expect(items[1]).toMatchObject({ amount: usd(500), receipt: null });

    const page2 = await t.app.inject({
      method: 'GET',
      url: '/v1/balances?page=2&size=2',
      headers: bearer(user.accessToken),
    });
    const [deposit] = page2.json().data.items;
    expect(deposit).toMatchObject({
      kind: 'deposit',
      amount: usd(10_000),
      receipt: { paymentMethod: 'Visa •••• 4242', subtotal: usd(10_000), serviceFee: usd(320), totalPaid: usd(10_320) },
    });
  });

  it('refuses a page size beyond the limit', async () => {
    const user = await activeUser(t);
    const response = await t.app.inject({
      method: 'GET',
      url: '/v1/balances?size=1000',
      headers: bearer(user.accessToken),
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('account deletion while money remains', () => {
  it('is blocked by any USD left, with the amount; CYP credit does not block (it ends with the account)', async () => {
    const user = await activeUser(t);
    const id = await userId(user.accessToken);
    expect(await inTransaction(t.database.db, (tx) => findDeletionBlockers(tx, id))).toEqual([]);
    await depositForTest(t.database.db, { userId: id, source: 'crypto', amount: 1250 });
    await depositForTest(t.database.db, { userId: id, source: 'reward', amount: 1000, currency: 'CYP' });
    expect(await inTransaction(t.database.db, (tx) => findDeletionBlockers(tx, id))).toEqual([
      { kind: 'balance', message: 'Your balance still holds $12.50.' },
    ]);
    await inTransaction(t.database.db, (tx) =>
      debitForPurchase(tx, { userId: id, amount: 1250, orderId: newId(), now: new Date() }),
    );
    expect(await inTransaction(t.database.db, (tx) => findDeletionBlockers(tx, id))).toEqual([]);
  });

  it('says which part can be withdrawn now and which must settle first', async () => {
    const user = await activeUser(t);
    const id = await userId(user.accessToken);
    await depositForTest(t.database.db, { userId: id, source: 'crypto', amount: 2500 });
    await depositForTest(t.database.db, { userId: id, source: 'card', amount: 95_170 });
    expect(await inTransaction(t.database.db, (tx) => findDeletionBlockers(tx, id))).toEqual([
      {
        kind: 'balance',
        message:
          'Your balance still holds $976.70: $25.00 you can withdraw now, $951.70 still settling (a card or Tilia payment, withdrawable once it settles).',
      },
    ]);
  });
});
