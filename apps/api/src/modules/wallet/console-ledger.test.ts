import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../../db/transaction.ts';
import { newId } from '../../lib/ids.ts';
import { activeUser, bearer } from '../../testing/auth-helpers.ts';
import { signUpOperator } from '../../testing/operator-helpers.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { depositForTest, insertTestUser } from '../../testing/wallet-helpers.ts';
import { debitForPurchase } from './debit-for-purchase.ts';
import { HOUSE_BUCKETS } from './wallet.tables.ts';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signUpOperator>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signUpOperator(t, 'admin');
});
afterAll(() => t.close());

const readCheck = (accessToken = admin.accessToken) =>
  t.app.inject({ method: 'GET', url: '/v1/console/ledger', headers: bearer(accessToken) });

describe('GET /v1/console/ledger', () => {
  it('is for admins only', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/v1/console/ledger' })).statusCode).toBe(401);
    const collector = await activeUser(t);
    expect((await readCheck(collector.accessToken)).statusCode).toBe(403);
  });

  it('sums each house account over its buckets, and 200 concurrent purchases keep the ledger exact', async () => {
    const buyers = await Promise.all(Array.from({ length: 50 }, () => insertTestUser(t.database.db)));
    for (const userId of buyers) await depositForTest(t.database.db, { userId, source: 'crypto', amount: 10_000 });
    await Promise.all(
      Array.from({ length: 200 }, (_, n) =>
        inTransaction(t.database.db, (tx) =>
          debitForPurchase(tx, {
            userId: buyers[n % buyers.length]!,
            amount: 1_300,
            serviceFee: 300,
            orderId: newId(),
            now: new Date(),
          }),
        ),
      ),
    );

    const response = await readCheck();
    expect(response.statusCode).toBe(200);
    const check = response.json().data;
    expect(check).toMatchObject({
      isExact: true,
      currencyTotals: [{ amount: 0, currency: 'USD' }],
      unbalancedTransactions: [],
      accountsOffEntries: [],
      negativeAccounts: [],
      houseAccountsBelowZero: [],
    });
    const house = Object.fromEntries(check.houseAccounts.map((account: { kind: string }) => [account.kind, account]));
    expect(house.revenue.balance).toEqual({ amount: 200 * 1_000, currency: 'USD' });
    expect(house.fees.balance).toEqual({ amount: 200 * 300, currency: 'USD' });
    expect(house.provider_clearing_crypto.balance).toEqual({ amount: -50 * 10_000, currency: 'USD' });
    // Spread over several rows (each posting picks one at random; all 200 in one bucket has odds of 32^-199).
    expect(house.revenue.buckets).toBeGreaterThan(1);
    expect(house.revenue.buckets).toBeLessThanOrEqual(HOUSE_BUCKETS);
  });

  it('finds a balance that no longer equals its entries', async () => {
    const userId = await insertTestUser(t.database.db);
    await depositForTest(t.database.db, { userId, source: 'crypto', amount: 500 });
    await t.database.db.execute(sql`update ledger_accounts set balance = balance + 1 where owner_user_id = ${userId}`);
    const check = (await readCheck()).json().data;
    expect(check.isExact).toBe(false);
    expect(check.accountsOffEntries).toEqual([
      expect.objectContaining({ balance: { amount: 501, currency: 'USD' }, entries: { amount: 500, currency: 'USD' } }),
    ]);
    expect(check.currencyTotals).toEqual([{ amount: 1, currency: 'USD' }]);
    await t.database.db.execute(sql`update ledger_accounts set balance = balance - 1 where owner_user_id = ${userId}`);
    expect((await readCheck()).json().data.isExact).toBe(true);
  });
});
