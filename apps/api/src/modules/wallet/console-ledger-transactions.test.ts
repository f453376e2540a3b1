import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TConsoleLedgerTransaction } from '@cypher/contract';
import { inTransaction } from '../../db/transaction.ts';
import { newId } from '../../lib/ids.ts';
import { activeUser, bearer } from '../../testing/auth-helpers.ts';
import { insertBrand } from '../../testing/catalog-fixtures.ts';
import { signUpOperator } from '../../testing/operator-helpers.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { depositForTest, insertTestUser } from '../../testing/wallet-helpers.ts';
import { personIdByEmail } from '../users/people.ts';
import { debitForPurchase } from './debit-for-purchase.ts';
import { postRewardCredits } from './post-reward-credits.ts';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signUpOperator>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signUpOperator(t, 'admin');
});
afterAll(() => t.close());

const readJournal = (query = '', accessToken = admin.accessToken) =>
  t.app.inject({ method: 'GET', url: `/v1/console/ledger/transactions${query}`, headers: bearer(accessToken) });

const at = (minute: number) => new Date(Date.UTC(2026, 10, 20, 10, minute));

describe('GET /v1/console/ledger/transactions', () => {
  it('is for admins only', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/v1/console/ledger/transactions' })).statusCode).toBe(401);
    const collector = await activeUser(t);
    expect((await readJournal('', collector.accessToken)).statusCode).toBe(403);
    const manager = await signUpOperator(t, 'brand_manager', (await insertBrand(t.database.db)).id);
    expect((await readJournal('', manager.accessToken)).statusCode).toBe(403);
  });

  it('answers an empty page before any money has moved', async () => {
    const response = await readJournal();
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({ items: [], page: 1, size: 20, total: 0 });
  });

  describe('with a deposit, a reward and a purchase of one person and a card deposit of another', () => {
    let fan: Awaited<ReturnType<typeof activeUser>> & { userId: string };
    let otherId: string;
    let orderId: string;
    beforeAll(async () => {
      const user = await activeUser(t);
      fan = { ...user, userId: (await personIdByEmail(t.database.db, user.email))! };
      otherId = await insertTestUser(t.database.db);
      orderId = newId();
      const db = t.database.db;
      await depositForTest(db, { userId: fan.userId, source: 'crypto', amount: 10_000, now: at(1) });
      await inTransaction(db, (tx) =>
        postRewardCredits(
          tx,
          [
            {
              userId: fan.userId,
              source: 'reward',
              amount: 500,
              currency: 'CYP',
              referenceId: newId(),
              description: 'Daily check-in reward',
            },
          ],
          at(2),
        ),
      );
      await inTransaction(db, (tx) =>
        debitForPurchase(tx, {
          userId: fan.userId,
          amount: 1_300,
          serviceFee: 300,
          orderId,
          description: 'Neon Arcade pack',
          now: at(3),
        }),
      );
      await depositForTest(db, { userId: otherId, source: 'card', amount: 5_000, now: at(4) });
    });

    const journal = async (query = '') => {
      const response = await readJournal(query);
      expect(response.statusCode).toBe(200);
      return response.json().data as { items: TConsoleLedgerTransaction[]; total: number; page: number; size: number };
    };

    it('lists every movement newest first, with each account it moved and the person it belongs to', async () => {
      const page = await journal();
      expect(page.total).toBe(4);
      expect(page.items.map((item) => [item.kind, item.description])).toEqual([
        ['deposit', 'Funds added'],
        ['purchase', 'Neon Arcade pack'],
        ['reward', 'Daily check-in reward'],
        ['deposit', 'Funds added'],
      ]);
      const person = { id: fan.userId, email: fan.email, nickname: fan.nickname };
      const purchase = page.items[1]!;
      expect(purchase).toMatchObject({ reference: { type: 'order', id: orderId }, createdAt: at(3).toISOString() });
      expect(purchase.entries).toEqual([
        { account: 'withdrawable', person, amount: { amount: -1_300, currency: 'USD' } },
        { account: 'fees', person: null, amount: { amount: 300, currency: 'USD' } },
        { account: 'revenue', person: null, amount: { amount: 1_000, currency: 'USD' } },
      ]);
      expect(page.items[2]!.entries).toEqual([
        { account: 'non_withdrawable', person, amount: { amount: 500, currency: 'CYP' } },
        { account: 'promotions', person: null, amount: { amount: -500, currency: 'CYP' } },
      ]);
      // Card money waits for settlement; the clearing account stands for what the provider owes the house.
      expect(page.items[0]!.entries).toEqual([
        {
          account: 'unsettled',
          person: { id: otherId, email: `ledger.${otherId}@example.com`, nickname: null },
          amount: { amount: 5_000, currency: 'USD' },
        },
        { account: 'provider_clearing_card', person: null, amount: { amount: -5_000, currency: 'USD' } },
      ]);
      for (const item of page.items) {
        for (const currency of ['USD', 'CYP']) {
          const lines = item.entries.filter((entry) => entry.amount.currency === currency);
          expect(lines.reduce((sum, entry) => sum + entry.amount.amount, 0)).toBe(0);
        }
      }
    });

    it('pages as the other console lists do', async () => {
      const second = await journal('?size=3&page=2');
      expect(second).toMatchObject({ page: 2, size: 3, total: 4 });
      expect(second.items.map((item) => item.kind)).toEqual(['deposit']);
      expect(second.items[0]!.createdAt).toBe(at(1).toISOString());
    });

    it('narrows to one kind of movement, to a currency moved, or to one person by id or by address', async () => {
      expect((await journal('?kind=deposit')).items.map((item) => item.createdAt)).toEqual([
        at(4).toISOString(),
        at(1).toISOString(),
      ]);
      expect((await journal('?kind=withdrawal_request')).total).toBe(0);
      expect((await journal('?currency=CYP')).items.map((item) => item.kind)).toEqual(['reward']);
      expect((await journal('?currency=USD')).total).toBe(3);
      expect((await journal(`?userId=${fan.userId}`)).items.map((item) => item.kind)).toEqual([
        'purchase',
        'reward',
        'deposit',
      ]);
      expect((await journal(`?email=${encodeURIComponent(` ${fan.email.toUpperCase()} `)}`)).total).toBe(3);
      expect((await journal(`?email=${encodeURIComponent(fan.email)}&kind=deposit&currency=USD`)).total).toBe(1);
      expect((await journal('?email=nobody%40example.com')).total).toBe(0);
      expect((await journal(`?email=${encodeURIComponent(fan.email)}&userId=${otherId}`)).total).toBe(0);
      // An empty address is no filter, as an empty search is.
      expect((await journal('?email=')).total).toBe(4);
    });

    it('refuses filters it does not know', async () => {
      expect((await readJournal('?kind=refund')).statusCode).toBe(400);
      expect((await readJournal('?currency=EUR')).statusCode).toBe(400);
      expect((await readJournal('?userId=someone')).statusCode).toBe(400);
    });
  });
});
