import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseUrl } from '../../config.ts';
import { newId } from '../../lib/ids.ts';
import { bearer } from '../../testing/auth-helpers.ts';
import { fastBuyer, insertLiveDrop } from '../../testing/drop-fixtures.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { balancesOf, depositForTest, ledgerInvariantViolations, noViolations } from '../../testing/wallet-helpers.ts';

// CYP credit (check-in rewards, redeemed codes, airdrops) pays for purchases from the balance before USD, a cent for
// every 100 CYP minor units in the default unit (100 CYP to the dollar, two decimals): wallet/purchase-purses.ts.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const db = () => t.database.db;
/** A pack at $10.00: $10.50 with the default 5 % service fee, so 1,050.00 CYP of credit. */
const PRICE = 1_000;
const TOTAL = 1_050;
const CREDIT_PER_CENT = 100;

async function buyer(credit: number, usd = 0) {
  const person = await fastBuyer(t);
  if (credit > 0)
    await depositForTest(db(), { userId: person.userId, source: 'reward', amount: credit, currency: 'CYP' });
  if (usd > 0) await depositForTest(db(), { userId: person.userId, source: 'crypto', amount: usd });
  return person;
}

const order = (accessToken: string, dropId: string, quantity = 1) =>
  t.app.inject({
    method: 'POST',
    url: '/v2/orders',
    headers: { ...bearer(accessToken), 'idempotency-key': newId() },
    payload: { dropId, quantity, paymentMethod: 'BALANCE' },
  });

describe('paying with CYP credit', () => {
  it('pays a purchase with credit alone, with credit and USD together, and refuses what both do not cover', async () => {
    const { dropId } = await insertLiveDrop(db(), { now: t.clock.now(), rounds: [{ packCount: 10, price: PRICE }] });

    const rich = await buyer(TOTAL * CREDIT_PER_CENT + 99);
    expect((await order(rich.accessToken, dropId)).statusCode).toBe(201);
    // What is left is under a cent's worth: it stays, and pays nothing.
    expect(await balancesOf(db(), rich.userId, 'CYP')).toEqual({ non_withdrawable: 99 });

    const mixed = await buyer(300 * CREDIT_PER_CENT, 2_000);
    expect((await order(mixed.accessToken, dropId)).statusCode).toBe(201);
    expect(await balancesOf(db(), mixed.userId, 'CYP')).toEqual({ non_withdrawable: 0 });
    expect(await balancesOf(db(), mixed.userId)).toEqual({ withdrawable: 2_000 - (TOTAL - 300) });

    const short = await buyer(500 * CREDIT_PER_CENT, 549);
    const refused = await order(short.accessToken, dropId);
    expect([refused.statusCode, refused.json().code]).toEqual([409, 'INSUFFICIENT_FUNDS']);
    expect(await balancesOf(db(), short.userId, 'CYP')).toEqual({ non_withdrawable: 500 * CREDIT_PER_CENT });
    expect(await balancesOf(db(), short.userId)).toEqual({ withdrawable: 549 });

    expect(await ledgerInvariantViolations(db())).toEqual(noViolations);
  });

  it('shows the purchase in the balance history of each currency it was paid in, with the receipt in USD', async () => {
    const { dropId } = await insertLiveDrop(db(), { now: t.clock.now(), rounds: [{ packCount: 2, price: PRICE }] });
    const mixed = await buyer(300 * CREDIT_PER_CENT, 2_000);
    expect((await order(mixed.accessToken, dropId)).statusCode).toBe(201);
    const history = (
      await t.app.inject({ method: 'GET', url: '/v1/balances?size=50', headers: bearer(mixed.accessToken) })
    ).json().data.items as { kind: string; amount: { amount: number; currency: string }; receipt: unknown }[];
    const purchases = history.filter((item) => item.kind === 'purchase');
    expect(purchases.map((item) => item.amount).sort((x, y) => x.currency.localeCompare(y.currency))).toEqual([
      { amount: -300 * CREDIT_PER_CENT, currency: 'CYP' },
      { amount: -(TOTAL - 300), currency: 'USD' },
    ]);
    // Review of session 36: the receipt said "Balance · Total paid" and never which part credit paid.
    const paidWithCredit = {
      credit: { amount: 300 * CREDIT_PER_CENT, currency: 'CYP' },
      covers: { amount: 300, currency: 'USD' },
    };
    for (const item of purchases) {
      expect(item.receipt).toMatchObject({
        paymentMethod: 'Balance',
        subtotal: { amount: PRICE, currency: 'USD' },
        totalPaid: { amount: TOTAL, currency: 'USD' },
        paidWithCredit,
      });
    }
    const orders = (await t.app.inject({ method: 'GET', url: '/v1/orders', headers: bearer(mixed.accessToken) })).json()
      .data.items as { receipt: unknown }[];
    expect(orders.map((each) => each.receipt)).toEqual([expect.objectContaining({ paidWithCredit })]);

    // Paid in dollars alone, a receipt says no credit paid.
    const dollars = await buyer(0, 2_000);
    expect((await order(dollars.accessToken, dropId)).statusCode).toBe(201);
    const their = (
      await t.app.inject({ method: 'GET', url: '/v1/orders', headers: bearer(dollars.accessToken) })
    ).json().data.items as { receipt: unknown }[];
    expect(their.map((each) => each.receipt)).toEqual([expect.objectContaining({ paidWithCredit: null })]);
  });

  // PGlite runs one transaction at a time: the race is PostgreSQL's (CI's second pass).
  it.runIf(Boolean(testDatabaseUrl()))(
    'spends one collector’s credit once under 10 concurrent purchases: exactly what it covers succeeds',
    async () => {
      const { dropId } = await insertLiveDrop(db(), { now: t.clock.now(), rounds: [{ packCount: 50, price: PRICE }] });
      const collector = await buyer(3 * TOTAL * CREDIT_PER_CENT + 50);
      const answers = await Promise.all(Array.from({ length: 10 }, () => order(collector.accessToken, dropId)));
      expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(3);
      for (const answer of answers.filter((each) => each.statusCode !== 201)) {
        expect(answer.json().code).toBe('INSUFFICIENT_FUNDS');
      }
      expect(await balancesOf(db(), collector.userId, 'CYP')).toEqual({ non_withdrawable: 50 });
      expect(await ledgerInvariantViolations(db())).toEqual(noViolations);
    },
  );
});
