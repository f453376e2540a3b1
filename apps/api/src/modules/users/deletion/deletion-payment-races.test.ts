import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseUrl } from '../../../config.ts';
import { DAY_MS } from '../../../lib/clock.ts';
import { newId } from '../../../lib/ids.ts';
import { activeUser, bearer, logIn, STRONG_PASSWORD } from '../../../testing/auth-helpers.ts';
import { behindTheDeletionJob } from '../../../testing/deletion-races.ts';
import { lockWaitersSeen, raceThroughGate } from '../../../testing/lock-barrier.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { deliverSignedWebhook } from '../../../testing/webhook-helpers.ts';
import { balancesOf, ledgerInvariantViolations, noViolations, usWireDetails } from '../../../testing/wallet-helpers.ts';
import { savedCards } from '../../wallet/cards/cards.tables.ts';
import { deposits, paymentEvents } from '../../wallet/deposits/deposits.tables.ts';
import { bankAccounts } from '../../wallet/payout-destinations/payout-destinations.tables.ts';
import { expireAbandonedDeposits } from '../../wallet/deposits/expire-abandoned-deposits.ts';
import { users } from '../users.tables.ts';
import { completeAccountDeletions } from './complete-account-deletions.ts';

// A late crypto payment confirmed while the deletion job deletes its owner, the webhook on one API instance and the
// job on another (review B): the job's final blocker check and the credit take the person's row in one order, so the
// money is either credited before the deletion (which then finds the balance and waits) or held for review after it.
// PGlite runs one transaction at a time, so there is no race to run there: this runs in CI's PostgreSQL pass.
const isOnPostgres = Boolean(testDatabaseUrl());
const WEBHOOK_SECRET = 'whsec_deletion_payment_races_secret';
const ROUNDS = 12;

let first: TestApp;
let second: TestApp;
beforeAll(async () => {
  if (!isOnPostgres) return;
  const env = { PAYMENTS_WEBHOOK_SECRET: WEBHOOK_SECRET, PUBLIC_URL: 'http://cypher.test' };
  first = await createTestApp({ env });
  second = await createTestApp({ env, database: first.database, clock: first.clock });
}, 120_000);
afterAll(async () => {
  if (!isOnPostgres) return;
  await second.close();
  await first.close();
});

/** A person whose crypto checkout expired unpaid, and whose deletion request is past its seven days. */
async function personDueForDeletionWithAnExpiredDeposit() {
  const user = await activeUser(first);
  const me = await first.app.inject({ method: 'GET', url: '/v1/users/my', headers: bearer(user.accessToken) });
  const userId = me.json().data.id as string;
  const created = await first.app.inject({
    method: 'POST',
    url: '/v1/deposits',
    headers: bearer(user.accessToken),
    payload: { method: 'crypto', amount: { amount: 50_000, currency: 'USD' } },
  });
  expect(created.statusCode, created.body).toBe(201);
  const [deposit] = await first.database.db
    .select()
    .from(deposits)
    .where(eq(deposits.id, created.json().data.depositId as string));
  first.clock.advance(DAY_MS);
  await expireAbandonedDeposits(first.database.db, first.clock.now());
  const accessToken = (await logIn(first, user.email)).json().data.accessToken as string;
  const headers = bearer(accessToken);
  const url = '/v1/users/authentications/check-password';
  await first.app.inject({ method: 'POST', url, headers, payload: { password: STRONG_PASSWORD } });
  const asked = await first.app.inject({ method: 'POST', url: '/v1/users/delete-request', headers });
  expect(asked.statusCode, asked.body).toBe(202);
  first.clock.advance(8 * DAY_MS);
  return { userId, deposit: deposit!, email: user.email };
}

describe.runIf(isOnPostgres)('a late payment and the deletion job at once, on PostgreSQL', () => {
  it('never credits a deleted account, and never loses the payment', async () => {
    const outcomes = { creditedThenDeletionHeld: 0, deletedThenPaymentHeld: 0 };
    for (let round = 0; round < ROUNDS; round += 1) {
      const { userId, deposit } = await personDueForDeletionWithAnExpiredDeposit();
      const eventId = `evt_race_${deposit.id}`;
      // Both sides need the person's row (the job FOR UPDATE, the credit FOR KEY SHARE), so both queue behind the
      // gate's lock on it and then run into each other.
      const [hook] = await raceThroughGate(
        first.database.pool!.options.connectionString!,
        [{ text: 'select 1 from users where id = $1 for update', values: [userId] }],
        2,
        () =>
          Promise.all([
            deliverSignedWebhook(second, WEBHOOK_SECRET, 'crypto', {
              id: eventId,
              type: 'payment.succeeded',
              data: { providerReference: deposit.providerReference, amount: 50_000, currency: 'USD' },
            }),
            completeAccountDeletions({
              db: first.database.db,
              clock: first.clock,
              storage: first.storage,
              discordRoles: first.discordRoles,
            }),
          ]),
      );
      expect(hook.statusCode, hook.body).toBe(200);

      const [account] = await first.database.db.select().from(users).where(eq(users.id, userId));
      const balance = Object.values(await balancesOf(first.database.db, userId)).reduce((sum, b) => sum + b, 0);
      const [event] = await first.database.db.select().from(paymentEvents).where(eq(paymentEvents.eventId, eventId));
      const isDeleted = account!.deletedAt !== null;
      if (isDeleted) {
        expect({ round, balance, reviewReason: event!.reviewReason }).toEqual({
          round,
          balance: 0,
          reviewReason: 'account_deleted',
        });
        outcomes.deletedThenPaymentHeld += 1;
      } else {
        expect({ round, balance, reviewReason: event!.reviewReason }).toEqual({
          round,
          balance: 50_000,
          reviewReason: null,
        });
        outcomes.creditedThenDeletionHeld += 1;
      }
    }
    console.info('late payment against deletion, outcomes over the rounds:', outcomes);
    expect(await ledgerInvariantViolations(first.database.db)).toEqual(noViolations);
  }, 300_000);
});

describe.runIf(isOnPostgres)('saves that queued behind the deletion job, on PostgreSQL', () => {
  // Helper's note, session 52: a card, a bank account and a deposit sent in the moment the job deleted their owner
  // waited for its lock on the person (their foreign keys), then were added to the account it had just erased.
  it('finds the account deleted: no card, bank account or deposit is added to it', async () => {
    const { userId, email } = await personDueForDeletionWithAnExpiredDeposit();
    // Signed in again since asking (the request ended every sign-in): a pending deletion signs in as usual.
    const headers = bearer((await logIn(first, email)).json().data.accessToken as string);
    const post = (url: string, payload: object) => second.app.inject({ method: 'POST', url, headers, payload });
    const { deletion, answers } = await behindTheDeletionJob(first, userId, () => [
      post('/v1/cards', { nameOnCard: 'Ada Lovelace', cardNumber: '4242424242424242', expMonth: 12, expYear: 2039 }),
      post('/v1/bank-accounts', { wire: usWireDetails, isConfirmed: true }),
      post('/v1/deposits', { method: 'crypto', amount: { amount: 50_000, currency: 'USD' } }),
    ]);
    expect(deletion).toMatchObject({ deleted: 1 });
    expect(answers.map((answer) => answer.json().code)).toEqual(['UNAUTHORIZED', 'UNAUTHORIZED', 'UNAUTHORIZED']);
    const db = first.database.db;
    expect(await db.select().from(savedCards).where(eq(savedCards.userId, userId))).toEqual([]);
    expect(await db.select().from(bankAccounts).where(eq(bankAccounts.userId, userId))).toEqual([]);
    const open = await db.select().from(deposits).where(eq(deposits.userId, userId));
    expect(open.map((deposit) => deposit.status)).toEqual(['expired']);
  }, 120_000);
});

describe.runIf(isOnPostgres)('a deposit asked for as the deletion is requested, on PostgreSQL', () => {
  it('either the deposit comes first and the request is refused for it, or the request does and the deposit is refused', async () => {
    const person = await activeUser(first);
    const headers = bearer(person.accessToken);
    const userId = (await first.app.inject({ method: 'GET', url: '/v1/users/my', headers })).json().data.id as string;
    await first.app.inject({
      method: 'POST',
      url: '/v1/users/authentications/check-password',
      headers,
      payload: { password: STRONG_PASSWORD },
    });
    // A gate holds the person's row: the deposit queues on it first (seen waiting), then the request, on the other
    // instance. Before the request took the row before its blocker check, it found no deposit, and both went through:
    // an account waiting out its deletion with a payment open, which the job then stops for.
    const gate = new pg.Client({ connectionString: first.database.pool!.options.connectionString! });
    await gate.connect();
    try {
      await gate.query('begin');
      await gate.query('select 1 from users where id = $1 for update', [userId]);
      const deposit = first.app.inject({
        method: 'POST',
        url: '/v1/deposits',
        headers: { ...headers, 'idempotency-key': newId() },
        payload: { method: 'crypto', amount: { amount: 2_000, currency: 'USD' } },
      });
      await lockWaitersSeen(gate, 1);
      const request = second.app.inject({ method: 'POST', url: '/v1/users/delete-request', headers });
      await lockWaitersSeen(gate, 2);
      await gate.query('commit');
      const [deposited, requested] = await Promise.all([deposit, request]);

      const outcomes = [deposited.statusCode, requested.statusCode];
      expect([
        [201, 409],
        [409, 202],
      ]).toContainEqual(outcomes);
      expect(requested.statusCode === 409 ? requested.json().code : deposited.json().code).toBe(
        requested.statusCode === 409 ? 'ACCOUNT_HAS_ASSETS' : 'ACCOUNT_DELETION_PENDING',
      );
      const [row] = await first.database.db
        .select({ deleteRequestedAt: users.deleteRequestedAt })
        .from(users)
        .where(eq(users.id, userId));
      const open = await first.database.db.select().from(deposits).where(eq(deposits.userId, userId));
      // Never both: a pending deletion with a payment that can still land.
      expect(row!.deleteRequestedAt !== null && open.length > 0).toBe(false);
    } finally {
      await gate.end();
    }
  }, 120_000);
});
