import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ZConsoleLedgerTransactionsQuery, type TConsoleLedgerJournalPage } from '@cypher/contract';
import { inTransaction } from '../../db/transaction.ts';
import { newId } from '../../lib/ids.ts';
import { activeUser, bearer } from '../../testing/auth-helpers.ts';
import { insertBrand } from '../../testing/catalog-fixtures.ts';
import { signUpOperator } from '../../testing/operator-helpers.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { depositForTest, insertTestUser } from '../../testing/wallet-helpers.ts';
import { personIdByEmail } from '../users/people.ts';
import { debitForPurchase } from './debit-for-purchase.ts';
import { listLedgerTransactions } from './list-ledger-transactions.ts';
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
    expect(response.json().data).toEqual({ items: [], nextCursor: null, previousCursor: null });
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
      return response.json().data as TConsoleLedgerJournalPage;
    };
    const kinds = (page: TConsoleLedgerJournalPage) => page.items.map((item) => item.kind);
    const follow = (cursor: string | null, filters = '') => journal(`?cursor=${cursor}&size=3${filters}`);

    it('lists every movement newest first, with each account it moved and the person it belongs to', async () => {
      const page = await journal();
      expect(page).toMatchObject({ nextCursor: null, previousCursor: null });
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

    it('pages by cursor: older pages after, back to newer ones, and the newest page again, without counting', async () => {
      const first = await journal('?size=3');
      expect(kinds(first)).toEqual(['deposit', 'purchase', 'reward']);
      expect(first.previousCursor).toBeNull();
      const second = await follow(first.nextCursor);
      expect(second.items.map((item) => item.createdAt)).toEqual([at(1).toISOString()]);
      expect(second.nextCursor).toBeNull();
      // Back from the oldest page: the newest page as it was, not the three movements just newer than the oldest.
      expect(await follow(second.previousCursor)).toEqual(first);

      const oneAtATime = await journal('?size=1');
      const secondOfFour = await journal(`?size=1&cursor=${oneAtATime.nextCursor}`);
      const thirdOfFour = await journal(`?size=1&cursor=${secondOfFour.nextCursor}`);
      expect(kinds(thirdOfFour)).toEqual(['reward']);
      expect(kinds(await journal(`?size=1&cursor=${thirdOfFour.previousCursor}`))).toEqual(['purchase']);
    });

    it('pages by cursor under each filter in the order its index keeps', async () => {
      const deposits = await journal('?kind=deposit&size=1');
      expect(deposits.items.map((item) => item.createdAt)).toEqual([at(4).toISOString()]);
      const older = await journal(`?kind=deposit&size=1&cursor=${deposits.nextCursor}`);
      expect(older.items.map((item) => item.createdAt)).toEqual([at(1).toISOString()]);
      expect(older.nextCursor).toBeNull();
      expect(await journal(`?kind=deposit&size=1&cursor=${older.previousCursor}`)).toEqual(deposits);

      const theirs = await journal(`?size=3&userId=${fan.userId}`);
      expect(kinds(theirs)).toEqual(['purchase', 'reward', 'deposit']);
      expect(theirs.nextCursor).toBeNull();
      const usd = await journal('?currency=USD&size=2');
      expect(kinds(usd)).toEqual(['deposit', 'purchase']);
      expect(kinds(await journal(`?currency=USD&size=2&cursor=${usd.nextCursor}`))).toEqual(['deposit']);
    });

    it('refuses a cursor it did not make', async () => {
      const forged = Buffer.from(JSON.stringify(['before', 'yesterday', 'nobody'])).toString('base64url');
      const yearZero = Buffer.from(
        JSON.stringify(['before', '0000-01-01T00:00:00Z', '0190a0b0-0000-7000-8000-000000000001']),
      ).toString('base64url');
      for (const cursor of [forged, 'not-a-cursor', yearZero]) {
        const response = await readJournal(`?cursor=${cursor}`);
        expect(response.statusCode).toBe(400);
        expect(response.json().details).toEqual([{ field: 'cursor', message: 'This cursor is not valid.' }]);
      }
    });

    it('narrows to one kind of movement, to a currency moved, or to one person by id or by address', async () => {
      expect((await journal('?kind=deposit')).items.map((item) => item.createdAt)).toEqual([
        at(4).toISOString(),
        at(1).toISOString(),
      ]);
      expect((await journal('?kind=withdrawal_request')).items).toEqual([]);
      expect((await journal('?currency=CYP')).items.map((item) => item.kind)).toEqual(['reward']);
      expect((await journal('?currency=USD')).items).toHaveLength(3);
      expect((await journal(`?userId=${fan.userId}`)).items.map((item) => item.kind)).toEqual([
        'purchase',
        'reward',
        'deposit',
      ]);
      expect((await journal(`?email=${encodeURIComponent(` ${fan.email.toUpperCase()} `)}`)).items).toHaveLength(3);
      expect((await journal(`?email=${encodeURIComponent(fan.email)}&kind=deposit&currency=USD`)).items).toHaveLength(
        1,
      );
      expect((await journal('?email=nobody%40example.com')).items).toEqual([]);
      expect((await journal(`?email=${encodeURIComponent(fan.email)}&userId=${otherId}`)).items).toEqual([]);
      // An empty address is no filter, as an empty search is.
      expect((await journal('?email=')).items).toHaveLength(4);
    });

    it('refuses filters it does not know', async () => {
      expect((await readJournal('?kind=refund')).statusCode).toBe(400);
      expect((await readJournal('?currency=EUR')).statusCode).toBe(400);
      expect((await readJournal('?userId=someone')).statusCode).toBe(400);
    });
  });
});

describe('the journal as it grows', () => {
  it('goes on from where a page ended when newer movements are posted in between', async () => {
    const someone = await insertTestUser(t.database.db);
    const read = async (query: string) => (await readJournal(query)).json().data as TConsoleLedgerJournalPage;
    const first = await read('?size=2');
    for (const minute of [10, 11, 12]) {
      await depositForTest(t.database.db, { userId: someone, source: 'crypto', amount: 100, now: at(minute) });
    }
    const second = await read(`?size=2&cursor=${first.nextCursor}`);
    // The page after the first is what followed it then, not the page shifted by three new movements.
    expect(new Set([...first.items, ...second.items].map((item) => item.id)).size).toBe(4);
    expect(second.items.every((item) => item.createdAt < first.items.at(-1)!.createdAt)).toBe(true);
    // Back from there, the page newer than it now takes in what was posted since.
    const back = await read(`?size=2&cursor=${second.previousCursor}`);
    expect(back.items.map((item) => item.id)).toEqual(first.items.map((item) => item.id));
    expect(back.previousCursor).not.toBeNull();
  });

  it('lists a movement by its time, not by when it was written: one posted with an earlier time comes after', async () => {
    const someone = await insertTestUser(t.database.db);
    await depositForTest(t.database.db, { userId: someone, source: 'crypto', amount: 100, now: at(30) });
    await depositForTest(t.database.db, { userId: someone, source: 'crypto', amount: 200, now: at(25) });
    const theirs = (await readJournal(`?userId=${someone}`)).json().data as TConsoleLedgerJournalPage;
    expect(theirs.items.map((item) => item.createdAt)).toEqual([at(30).toISOString(), at(25).toISOString()]);
    const newest = (await readJournal('?size=2')).json().data as TConsoleLedgerJournalPage;
    expect(newest.items.map((item) => item.createdAt)).toEqual([at(30).toISOString(), at(25).toISOString()]);
  });

  it('reads a page in the order of an index and sorts no movement, with or without a cursor, under a kind too', async () => {
    const sent: { text: string; params: unknown[] }[] = [];
    const observed = t.database.observed((text, params) => sent.push({ text, params })).db;
    const plans = await inTransaction(observed, async (tx) => {
      // A handful of rows make a scan and a sort cheapest; forbid them to see whether an index gives the order.
      for (const setting of ['enable_seqscan', 'enable_bitmapscan', 'enable_sort']) {
        await tx.execute(sql`select set_config(${setting}, 'off', true)`);
      }
      const { nextCursor } = await listLedgerTransactions(tx, ZConsoleLedgerTransactionsQuery.parse({ size: 2 }));
      /** The plan of the statement that reads the page's movements, as the journal sends it with its values. */
      const planOfPageRead = async (query: Record<string, string | null>) => {
        sent.length = 0;
        await listLedgerTransactions(tx, ZConsoleLedgerTransactionsQuery.parse(query));
        const pageRead = sent.find((statement) => /^select .* from "ledger_transactions"/.test(statement.text))!;
        const text = pageRead.text.replace(/\$(\d+)/g, (_, index: string) => {
          const value = pageRead.params[Number(index) - 1];
          return typeof value === 'number' ? String(value) : `'${String(value)}'`;
        });
        const { rows } = (await tx.execute(sql.raw(`explain ${text}`))) as unknown as {
          rows: Record<string, string>[];
        };
        return rows.map((row) => Object.values(row)[0]).join('\n');
      };
      return {
        newest: await planOfPageRead({}),
        older: await planOfPageRead({ cursor: nextCursor }),
        kind: await planOfPageRead({ kind: 'deposit' }),
        olderOfKind: await planOfPageRead({ kind: 'deposit', cursor: nextCursor }),
      };
    });
    expect(plans.newest).toMatch(/Index Scan Backward using ledger_transactions_pkey/);
    expect(plans.older).toMatch(/Index Scan Backward using ledger_transactions_pkey/);
    expect(plans.kind).toMatch(/Index Scan Backward using ledger_transactions_kind_created_idx/);
    expect(plans.olderOfKind).toMatch(/Index Scan Backward using ledger_transactions_kind_created_idx/);
    // Under a kind, movements of the same instant are put in id order among themselves (an incremental sort of a
    // few rows); nothing sorts the whole table or the whole kind.
    for (const [name, plan] of Object.entries(plans)) expect(plan, name).not.toMatch(/(^|->)\s*Sort\s+\(/m);
  });
});
