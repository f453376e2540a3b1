import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TCurrency } from '@cypher/contract';
import type { Database } from '../../db/client.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError } from '../../http/app-error.ts';
import { DAY_MS } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import { createTestDatabase } from '../../testing/test-database.ts';
import {
  balancesOf,
  depositForTest,
  insertTestUser,
  ledgerInvariantViolations,
  noViolations,
} from '../../testing/wallet-helpers.ts';
import { debitDepositForPurchase, debitForPurchase } from './debit-for-purchase.ts';
import { postDeposit } from './post-deposit.ts';
import { isDuplicateLedgerReference, LedgerInvariantError, postLedgerTransaction } from './post-ledger-transaction.ts';
import { settleDeposits, youngUnsettledEntries } from './settle-deposits.ts';
import { settlementCutoff, settlementSchedule } from './withdrawability.ts';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const db = () => database.db;
// Every posting gets a later time than the one before, so settlement order is the order of the sequence.
let clockMs = Date.parse('2026-01-01T00:00:00.000Z');
const tick = () => new Date((clockMs += 60_000));

/** CYP minor units a cent costs in credit: the default unit's (100 CYP to the dollar, two decimals). */
const CREDIT_PER_CENT = 100;

/** A purchase of `amount` USD cents from the balance: CYP credit first, then USD in the spending order. */
function buy(userId: string, amount: number, orderId = newId()) {
  return inTransaction(db(), (tx) =>
    debitForPurchase(tx, { userId, amount, creditPerCent: CREDIT_PER_CENT, orderId, now: tick() }),
  );
}

/**
 * An order paid by card or Tilia, as order-payments.ts pays it: the order's own deposit and the purchase it pays, in
 * one transaction. The money passes through the balance and none of it stays.
 */
function payOrderByDeposit(userId: string, source: 'card' | 'tilia', amount: number, now: Date) {
  return inTransaction(db(), async (tx) => {
    const paymentMethod = source === 'card' ? 'Visa •••• 4242' : 'Tilia';
    await postDeposit(tx, {
      userId,
      source,
      amount,
      currency: 'USD',
      referenceId: `test-${newId()}`,
      paymentMethod,
      now,
    });
    const serviceFee = Math.floor(amount / 10);
    await debitDepositForPurchase(tx, {
      userId,
      source,
      subtotal: amount - serviceFee,
      serviceFee,
      orderId: newId(),
      paymentMethod,
      description: 'An order paid by its own deposit',
      now,
    });
  });
}

/** Withdrawal-shaped moves with the production primitive, as the withdrawal module posts them. */
const withdrawalMoves = {
  hold: (userId: string, currency: TCurrency, amount: number, fee: number, id: string) =>
    inTransaction(db(), (tx) =>
      postLedgerTransaction(tx, {
        kind: 'withdrawal_request',
        reference: { type: 'withdrawal', id },
        description: 'Withdrawal requested',
        entries: [
          { account: { userId, kind: 'withdrawable', currency }, amount: -(amount + fee) },
          { account: { userId, kind: 'held', currency }, amount: amount + fee },
        ],
        now: tick(),
      }),
    ),
  pay: (userId: string, currency: TCurrency, amount: number, fee: number, id: string) =>
    inTransaction(db(), (tx) =>
      postLedgerTransaction(tx, {
        kind: 'withdrawal_paid',
        reference: { type: 'withdrawal', id },
        description: 'Withdrawal paid',
        entries: [
          { account: { userId, kind: 'held', currency }, amount: -(amount + fee) },
          { account: { system: 'withdrawals_payout', currency }, amount },
          { account: { system: 'fees', currency }, amount: fee },
        ],
        now: tick(),
      }),
    ),
  reject: (userId: string, currency: TCurrency, amount: number, fee: number, id: string) =>
    inTransaction(db(), (tx) =>
      postLedgerTransaction(tx, {
        kind: 'withdrawal_reject',
        reference: { type: 'withdrawal', id },
        description: 'Withdrawal rejected',
        entries: [
          { account: { userId, kind: 'held', currency }, amount: -(amount + fee) },
          { account: { userId, kind: 'withdrawable', currency }, amount },
          { account: { system: 'fees', currency }, amount: fee },
        ],
        now: tick(),
      }),
    ),
};

async function expectInsufficientFunds(work: Promise<unknown>) {
  const error = await work.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).code).toBe('INSUFFICIENT_FUNDS');
  expect((error as AppError).status).toBe(409);
}

describe('postLedgerTransaction', () => {
  it('refuses entries that do not sum to zero per currency, and writes nothing', async () => {
    const userId = await insertTestUser(db());
    const unbalanced = inTransaction(db(), (tx) =>
      postLedgerTransaction(tx, {
        kind: 'reward',
        reference: { type: 'test', id: newId() },
        description: 'unbalanced',
        entries: [
          { account: { userId, kind: 'non_withdrawable', currency: 'USD' }, amount: 100 },
          { account: { system: 'promotions', currency: 'CYP' }, amount: -100 },
        ],
        now: tick(),
      }),
    );
    await expect(unbalanced).rejects.toBeInstanceOf(LedgerInvariantError);
    expect(await balancesOf(db(), userId)).toEqual({});
  });

  it('rolls the whole movement back when one debit would go below zero', async () => {
    const userId = await insertTestUser(db());
    await depositForTest(db(), { userId, source: 'crypto', amount: 1000, now: tick() });
    await expectInsufficientFunds(
      inTransaction(db(), (tx) =>
        postLedgerTransaction(tx, {
          kind: 'withdrawal_request',
          reference: { type: 'withdrawal', id: newId() },
          description: 'too much',
          entries: [
            { account: { userId, kind: 'withdrawable', currency: 'USD' }, amount: -1001 },
            { account: { userId, kind: 'held', currency: 'USD' }, amount: 1001 },
          ],
          now: tick(),
        }),
      ),
    );
    expect(await balancesOf(db(), userId)).toEqual({ withdrawable: 1000 });
    expect(await ledgerInvariantViolations(db())).toEqual(noViolations);
  });

  it('keeps entries insert-only: the database refuses UPDATE and DELETE', async () => {
    const userId = await insertTestUser(db());
    await depositForTest(db(), { userId, source: 'crypto', amount: 500, now: tick() });
    await expect(db().execute(sql`update ledger_entries set amount = amount * 2`)).rejects.toThrow();
    await expect(db().execute(sql`delete from ledger_entries`)).rejects.toThrow();
    expect(await ledgerInvariantViolations(db())).toEqual(noViolations);
  });
});

describe('debitForPurchase', () => {
  it('spends rewards first, then unsettled card funds, then withdrawable money; credits revenue and fees', async () => {
    const userId = await insertTestUser(db());
    await depositForTest(db(), { userId, source: 'reward', amount: 300, now: tick() });
    await depositForTest(db(), { userId, source: 'card', amount: 500, now: tick() });
    await depositForTest(db(), { userId, source: 'crypto', amount: 1000, now: tick() });
    await inTransaction(db(), (tx) =>
      debitForPurchase(tx, { userId, amount: 1000, serviceFee: 50, orderId: newId(), now: tick() }),
    );
    expect(await balancesOf(db(), userId)).toEqual({ non_withdrawable: 0, unsettled: 0, withdrawable: 800 });
  });

  it('refuses an order it cannot cover and a second debit for the same order', async () => {
    const userId = await insertTestUser(db());
    await depositForTest(db(), { userId, source: 'crypto', amount: 1000, now: tick() });
    await expectInsufficientFunds(buy(userId, 1001));
    const orderId = newId();
    await buy(userId, 400, orderId);
    const again = await buy(userId, 400, orderId).catch((error: unknown) => error);
    expect(isDuplicateLedgerReference(again)).toBe(true);
    expect(await balancesOf(db(), userId)).toEqual({ withdrawable: 600 });
  });

  it('spends CYP credit first, whole cents of it, then USD; each currency sums to zero and the credit never pays out', async () => {
    const userId = await insertTestUser(db());
    // 50.50 CYP of credit: fifty cents' worth and half a cent's.
    await depositForTest(db(), { userId, source: 'reward', amount: 5050, currency: 'CYP', now: tick() });
    await expectInsufficientFunds(buy(userId, 51));
    expect(await balancesOf(db(), userId, 'CYP')).toEqual({ non_withdrawable: 5050 });
    await depositForTest(db(), { userId, source: 'crypto', amount: 1000, now: tick() });
    await buy(userId, 60);
    expect(await balancesOf(db(), userId, 'CYP')).toEqual({ non_withdrawable: 50 });
    expect(await balancesOf(db(), userId)).toEqual({ withdrawable: 990 });
    // Half a cent of credit pays nothing: the next cent is USD.
    await buy(userId, 1);
    expect(await balancesOf(db(), userId, 'CYP')).toEqual({ non_withdrawable: 50 });
    expect(await balancesOf(db(), userId)).toEqual({ withdrawable: 989 });
    expect(await ledgerInvariantViolations(db())).toEqual(noViolations);
  });

  it('lets exactly one of 20 concurrent debits through when the balance covers one', async () => {
    const userId = await insertTestUser(db());
    await depositForTest(db(), { userId, source: 'crypto', amount: 2500, now: tick() });
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => buy(userId, 2000)));
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    for (const result of results) {
      if (result.status === 'rejected') expect((result.reason as AppError).code).toBe('INSUFFICIENT_FUNDS');
    }
    expect(await balancesOf(db(), userId)).toEqual({ withdrawable: 500 });
    expect(await ledgerInvariantViolations(db())).toEqual(noViolations);
  });
});

describe('settleDeposits (the withdrawability rule)', () => {
  /** What the person is told at `at` (GET /v1/balances/my's settling), by the rule the job settles by. */
  async function scheduleAt(userId: string, at: Date) {
    const unsettled = (await balancesOf(db(), userId)).unsettled ?? 0;
    const young = await youngUnsettledEntries(db(), userId, settlementCutoff(at, 7));
    const schedule = settlementSchedule(unsettled, young, 7, at);
    return schedule && { soonest: schedule.soonest, all: schedule.all.at };
  }

  it('makes card funds withdrawable after the delay, once, and only what was not spent', async () => {
    const userId = await insertTestUser(db());
    const depositedAt = tick();
    await depositForTest(db(), { userId, source: 'card', amount: 1000, now: depositedAt });
    await depositForTest(db(), { userId, source: 'reward', amount: 200, now: depositedAt });
    await buy(userId, 500);
    expect(await balancesOf(db(), userId)).toEqual({ unsettled: 700, non_withdrawable: 0 });

    await settleDeposits(db(), new Date(depositedAt.getTime() + 7 * DAY_MS - 1), 7);
    expect((await balancesOf(db(), userId)).withdrawable).toBeUndefined();

    const due = new Date(depositedAt.getTime() + 7 * DAY_MS);
    await Promise.all([settleDeposits(db(), due, 7), settleDeposits(db(), due, 7)]);
    await settleDeposits(db(), due, 7);
    expect(await balancesOf(db(), userId)).toEqual({ unsettled: 0, non_withdrawable: 0, withdrawable: 700 });
    expect(await ledgerInvariantViolations(db())).toEqual(noViolations);
  });

  it('settles only what is left of deposits past the delay: spending takes the oldest card money first', async () => {
    const userId = await insertTestUser(db());
    const day0 = tick();
    const day = (n: number) => new Date(day0.getTime() + n * DAY_MS);
    await depositForTest(db(), { userId, source: 'card', amount: 10_000, now: day(0) });
    await depositForTest(db(), { userId, source: 'card', amount: 10_000, now: day(6) });
    await inTransaction(db(), (tx) =>
      debitForPurchase(tx, { userId, amount: 10_000, orderId: newId(), now: day(6.5) }),
    );

    // Told on day 3: nothing before day 13, when day 6's money passes the delay.
    expect(await scheduleAt(userId, day(3))).toEqual({ soonest: { amount: 10_000, at: day(13) }, all: day(13) });
    // Day 7: day 0's money is past the delay, but it was spent; what is left is day 6's, still inside its window.
    await settleDeposits(db(), day(7), 7);
    expect(await balancesOf(db(), userId)).toMatchObject({ unsettled: 10_000 });
    expect((await balancesOf(db(), userId)).withdrawable ?? 0).toBe(0);

    await settleDeposits(db(), day(13), 7);
    expect(await balancesOf(db(), userId)).toMatchObject({ unsettled: 0, withdrawable: 10_000 });
    clockMs = day(14).getTime();
  });

  it('settles older card money on time though orders paid by card came in within the delay', async () => {
    const userId = await insertTestUser(db());
    const day0 = tick();
    const day = (n: number) => new Date(day0.getTime() + n * DAY_MS);
    await depositForTest(db(), { userId, source: 'card', amount: 10_000, now: day(0) });
    // Each order's card payment is spent on the order at once: it passed through, and none of it is in the balance.
    await payOrderByDeposit(userId, 'card', 10_000, day(5));
    await payOrderByDeposit(userId, 'tilia', 4_000, day(6.5));
    // Review of session 35: the orders' card and Tilia payments, newer than day 0, had put the date told at day 13.5.
    expect(await scheduleAt(userId, day(6.6))).toEqual({ soonest: { amount: 10_000, at: day(7) }, all: day(7) });

    await settleDeposits(db(), day(7), 7);
    expect(await balancesOf(db(), userId)).toMatchObject({ unsettled: 0, withdrawable: 10_000 });
    expect(await ledgerInvariantViolations(db())).toEqual(noViolations);
    clockMs = day(8).getTime();
  });

  it('tells the date of a card deposit made after an order paid by card, whose payment and spending pass together', async () => {
    const userId = await insertTestUser(db());
    const day0 = tick();
    const day = (n: number) => new Date(day0.getTime() + n * DAY_MS);
    await payOrderByDeposit(userId, 'card', 105, day(0));
    await depositForTest(db(), { userId, source: 'card', amount: 500, now: day(5) });
    // Session 62's hunt: the order's payment was counted as passing on day 7 before its spending, so "$1.05 from day
    // 7" was told where all of the $5.00 is day 5's deposit, withdrawable on day 12.
    expect(await scheduleAt(userId, day(5.1))).toEqual({ soonest: { amount: 500, at: day(12) }, all: day(12) });

    await settleDeposits(db(), day(7), 7);
    expect(await balancesOf(db(), userId)).toMatchObject({ unsettled: 500 });
    await settleDeposits(db(), day(12), 7);
    expect(await balancesOf(db(), userId)).toMatchObject({ unsettled: 0, withdrawable: 500 });
    expect(await ledgerInvariantViolations(db())).toEqual(noViolations);
    clockMs = day(13).getTime();
  });

  it('tells the first part that settles and when all of it has, and the job settles them then', async () => {
    const userId = await insertTestUser(db());
    const day0 = tick();
    const day = (n: number) => new Date(day0.getTime() + n * DAY_MS);
    await depositForTest(db(), { userId, source: 'card', amount: 10_000, now: day(0) });
    await depositForTest(db(), { userId, source: 'tilia', amount: 5_000, now: day(4) });
    expect(await scheduleAt(userId, day(5))).toEqual({ soonest: { amount: 10_000, at: day(7) }, all: day(11) });

    await settleDeposits(db(), day(7), 7);
    expect(await balancesOf(db(), userId)).toMatchObject({ unsettled: 5_000, withdrawable: 10_000 });
    expect(await scheduleAt(userId, day(7))).toEqual({ soonest: { amount: 5_000, at: day(11) }, all: day(11) });
    // Past the delay before the job's run: due at once.
    expect(await scheduleAt(userId, day(12))).toEqual({ soonest: { amount: 5_000, at: day(12) }, all: day(12) });
    await settleDeposits(db(), day(11), 7);
    expect(await scheduleAt(userId, day(11))).toBeNull();
    clockMs = day(12).getTime();
  });

  it('never makes rewards withdrawable, and crypto is withdrawable at once', async () => {
    const userId = await insertTestUser(db());
    const at = tick();
    await depositForTest(db(), { userId, source: 'reward', amount: 300, now: at });
    await depositForTest(db(), { userId, source: 'redeemed_credit', amount: 200, now: at });
    await depositForTest(db(), { userId, source: 'crypto', amount: 100, now: at });
    await settleDeposits(db(), new Date(at.getTime() + 365 * DAY_MS), 7);
    expect(await balancesOf(db(), userId)).toEqual({ non_withdrawable: 500, withdrawable: 100 });
  });
});

type TParts = { withdrawable: number; unsettled: number; non_withdrawable: number; held: number };
const currencies: TCurrency[] = ['USD', 'CYP'];

const amountArb = fc.integer({ min: 1, max: 50_000 });
const commandArb = fc.oneof(
  fc.record({
    type: fc.constant('deposit' as const),
    user: fc.nat(1),
    currency: fc.constantFrom(...currencies),
    source: fc.constantFrom('card', 'crypto', 'tilia', 'reward', 'redeemed_credit' as const),
    amount: amountArb,
  }),
  fc.record({
    type: fc.constant('purchase' as const),
    user: fc.nat(1),
    amount: fc.integer({ min: 1, max: 20_000 }),
  }),
  fc.record({
    type: fc.constant('withdraw' as const),
    user: fc.nat(1),
    currency: fc.constantFrom(...currencies),
    amount: amountArb,
    fee: fc.constantFrom(0, 2500),
  }),
  fc.record({ type: fc.constantFrom('approve' as const, 'reject' as const), pick: fc.nat() }),
  fc.record({ type: fc.constant('settle' as const) }),
);

const datedCommandArb = fc.oneof(
  fc.record({
    type: fc.constant('deposit' as const),
    source: fc.constantFrom('card', 'tilia', 'crypto', 'reward' as const),
    amount: amountArb,
  }),
  fc.record({ type: fc.constant('spend' as const), amount: fc.integer({ min: 1, max: 60_000 }) }),
  fc.record({
    type: fc.constant('order paid by deposit' as const),
    source: fc.constantFrom('card', 'tilia' as const),
    amount: amountArb,
  }),
  fc.record({ type: fc.constant('wait' as const), hours: fc.integer({ min: 1, max: 10 * 24 }) }),
  fc.record({ type: fc.constant('settle' as const) }),
);

describe('settlement property', () => {
  it('withdrawable money never includes card or Tilia funds younger than the delay', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(datedCommandArb, { minLength: 5, maxLength: 30 }), async (commands) => {
        const userId = await insertTestUser(db());
        // An independent model: unsettled money as dated lots, spent oldest first, released whole when past the delay.
        let now = (clockMs += 1000 * DAY_MS);
        const lots: { at: number; left: number }[] = [];
        const model = { withdrawable: 0, non_withdrawable: 0 };
        const unsettled = () => lots.reduce((sum, lot) => sum + lot.left, 0);

        for (const command of commands) {
          if (command.type === 'wait') {
            now += command.hours * 3_600_000;
          } else if (command.type === 'deposit') {
            now += 1000;
            await depositForTest(db(), { userId, source: command.source, amount: command.amount, now: new Date(now) });
            if (command.source === 'card' || command.source === 'tilia') lots.push({ at: now, left: command.amount });
            else if (command.source === 'crypto') model.withdrawable += command.amount;
            else model.non_withdrawable += command.amount;
          } else if (command.type === 'order paid by deposit') {
            // Passes through: the model's money does not change at all.
            now += 1000;
            await payOrderByDeposit(userId, command.source, command.amount, new Date(now));
          } else if (command.type === 'spend') {
            now += 1000;
            const work = inTransaction(db(), (tx) =>
              debitForPurchase(tx, { userId, amount: command.amount, orderId: newId(), now: new Date(now) }),
            );
            if (model.non_withdrawable + unsettled() + model.withdrawable < command.amount) {
              await expectInsufficientFunds(work);
              continue;
            }
            await work;
            let rest = command.amount;
            const fromRewards = Math.min(rest, model.non_withdrawable);
            model.non_withdrawable -= fromRewards;
            rest -= fromRewards;
            for (const lot of lots) {
              const take = Math.min(rest, lot.left);
              lot.left -= take;
              rest -= take;
            }
            model.withdrawable -= rest;
          } else {
            await settleDeposits(db(), new Date(now), 7);
            for (const lot of lots) {
              if (lot.at > now - 7 * DAY_MS) continue;
              model.withdrawable += lot.left;
              lot.left = 0;
            }
          }
          const actual = await balancesOf(db(), userId);
          expect(actual.withdrawable ?? 0).toBe(model.withdrawable);
          expect(actual.unsettled ?? 0).toBe(unsettled());
          expect(actual.non_withdrawable ?? 0).toBe(model.non_withdrawable);
        }
        clockMs = now;
      }),
      { numRuns: 60 },
    );
    expect(await ledgerInvariantViolations(db())).toEqual(noViolations);
  }, 120_000);
});

describe('ledger properties', () => {
  it('random deposits, purchases, withdrawals, approvals, rejections and settlements keep every invariant', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(commandArb, { minLength: 5, maxLength: 40 }), async (commands) => {
        const userIds = [await insertTestUser(db()), await insertTestUser(db())];
        const model = new Map<string, TParts>();
        const parts = (user: number, currency: TCurrency) => {
          const key = `${user}:${currency}`;
          if (!model.has(key)) model.set(key, { withdrawable: 0, unsettled: 0, non_withdrawable: 0, held: 0 });
          return model.get(key)!;
        };
        const unsettledDeposits: { user: number; currency: TCurrency; amount: number }[] = [];
        const pending: { user: number; currency: TCurrency; amount: number; fee: number; id: string }[] = [];

        for (const command of commands) {
          if (command.type === 'deposit') {
            await depositForTest(db(), { userId: userIds[command.user]!, ...command, now: tick() });
            const p = parts(command.user, command.currency);
            if (command.source === 'card' || command.source === 'tilia') {
              p.unsettled += command.amount;
              unsettledDeposits.push({ user: command.user, currency: command.currency, amount: command.amount });
            } else if (command.source === 'crypto') p.withdrawable += command.amount;
            else p.non_withdrawable += command.amount;
          } else if (command.type === 'purchase') {
            // USD cents: whole cents of CYP credit first, the rest from USD in the spending order.
            const credit = parts(command.user, 'CYP');
            const p = parts(command.user, 'USD');
            const creditCents = Math.min(command.amount, Math.floor(credit.non_withdrawable / CREDIT_PER_CENT));
            const work = buy(userIds[command.user]!, command.amount);
            if (p.non_withdrawable + p.unsettled + p.withdrawable < command.amount - creditCents) {
              await expectInsufficientFunds(work);
            } else {
              await work;
              credit.non_withdrawable -= creditCents * CREDIT_PER_CENT;
              let rest = command.amount - creditCents;
              for (const kind of ['non_withdrawable', 'unsettled', 'withdrawable'] as const) {
                const take = Math.min(rest, p[kind]);
                p[kind] -= take;
                rest -= take;
              }
            }
          } else if (command.type === 'withdraw') {
            const p = parts(command.user, command.currency);
            const id = newId();
            const work = withdrawalMoves.hold(
              userIds[command.user]!,
              command.currency,
              command.amount,
              command.fee,
              id,
            );
            if (p.withdrawable < command.amount + command.fee) {
              await expectInsufficientFunds(work);
            } else {
              await work;
              p.withdrawable -= command.amount + command.fee;
              p.held += command.amount + command.fee;
              pending.push({
                user: command.user,
                currency: command.currency,
                amount: command.amount,
                fee: command.fee,
                id,
              });
            }
          } else if (command.type === 'approve' || command.type === 'reject') {
            if (pending.length === 0) continue;
            const [w] = pending.splice(command.pick % pending.length, 1);
            await withdrawalMoves[command.type === 'approve' ? 'pay' : 'reject'](
              userIds[w!.user]!,
              w!.currency,
              w!.amount,
              w!.fee,
              w!.id,
            );
            const p = parts(w!.user, w!.currency);
            p.held -= w!.amount + w!.fee;
            if (command.type === 'reject') p.withdrawable += w!.amount;
          } else {
            clockMs += 8 * DAY_MS;
            await settleDeposits(db(), new Date(clockMs), 7);
            for (const deposit of unsettledDeposits.splice(0)) {
              const p = parts(deposit.user, deposit.currency);
              const moved = Math.min(deposit.amount, p.unsettled);
              p.unsettled -= moved;
              p.withdrawable += moved;
            }
          }
        }

        expect(await ledgerInvariantViolations(db())).toEqual(noViolations);
        for (const [user, userId] of userIds.entries()) {
          for (const currency of currencies) {
            const actual = await balancesOf(db(), userId, currency);
            const expected = parts(user, currency);
            for (const kind of ['withdrawable', 'unsettled', 'non_withdrawable', 'held'] as const) {
              expect(actual[kind] ?? 0, `${kind} ${currency}`).toBe(expected[kind]);
            }
          }
        }
      }),
      { numRuns: 150 },
    );
  }, 120_000);
});
