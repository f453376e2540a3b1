// A payment the person started must never land on their deleted account (review B): an open deposit blocks the
// request and the job, and a late payment after the deletion is held for review instead of credited.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS, MINUTE_MS } from '../../../lib/clock.ts';
import { newId } from '../../../lib/ids.ts';
import { insertLiveDrop } from '../../../testing/drop-fixtures.ts';
import { orders } from '../../orders/orders.tables.ts';
import { packs } from '../../drops/drops.tables.ts';
import { activeUser, bearer, logIn, requestAccountDeletion } from '../../../testing/auth-helpers.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { deliverSignedWebhook } from '../../../testing/webhook-helpers.ts';
import { balancesOf, ledgerInvariantViolations, noViolations } from '../../../testing/wallet-helpers.ts';
import { notifications } from '../../notifications/notifications.tables.ts';
import { deposits, paymentEvents } from '../../wallet/deposits/deposits.tables.ts';
import { expireAbandonedDeposits } from '../../wallet/deposits/expire-abandoned-deposits.ts';
import { users } from '../users.tables.ts';
import { completeAccountDeletions } from './complete-account-deletions.ts';

const WEBHOOK_SECRET = 'whsec_deletion_and_payments_secret';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { PAYMENTS_WEBHOOK_SECRET: WEBHOOK_SECRET, PUBLIC_URL: 'http://cypher.test' } });
});
afterAll(() => t.close());

const jobDeps = () => ({ db: t.database.db, clock: t.clock, storage: t.storage, discordRoles: t.discordRoles });

async function person() {
  const user = await activeUser(t);
  const me = await t.app.inject({ method: 'GET', url: '/v1/users/my', headers: bearer(user.accessToken) });
  return { ...user, userId: me.json().data.id as string };
}

async function startCryptoDeposit(accessToken: string, amount: number) {
  const created = await t.app.inject({
    method: 'POST',
    url: '/v1/deposits',
    headers: bearer(accessToken),
    payload: { method: 'crypto', amount: { amount, currency: 'USD' } },
  });
  expect(created.statusCode, created.body).toBe(201);
  const { depositId } = created.json().data as { depositId: string };
  const [row] = await t.database.db.select().from(deposits).where(eq(deposits.id, depositId));
  return row!;
}

async function signIn(email: string): Promise<string> {
  const response = await logIn(t, email);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.accessToken;
}

describe('a payment in progress blocks the deletion', () => {
  it('refuses the request with what is still in progress, in the blockers list', async () => {
    const user = await person();
    await startCryptoDeposit(user.accessToken, 50_000);

    const response = await requestAccountDeletion(t, user.accessToken);

    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'ACCOUNT_HAS_ASSETS',
      details: [
        {
          field: 'deposits',
          message: 'A payment of $500.00 you started is still in progress. Wait until it completes or expires.',
        },
      ],
    });
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.userId));
    expect(row!.deleteRequestedAt).toBeNull();
  });

  it('refuses a payment asked for during the seven days, so nothing in progress stops the deletion on its day', async () => {
    const user = await person();
    expect((await requestAccountDeletion(t, user.accessToken)).statusCode).toBe(202);
    t.clock.advance(7 * DAY_MS - 60_000);
    const started = await t.app.inject({
      method: 'POST',
      url: '/v1/deposits',
      headers: bearer(await signIn(user.email)),
      payload: { method: 'crypto', amount: { amount: 2_000, currency: 'USD' } },
    });
    expect(started.statusCode).toBe(409);
    expect(started.json().code).toBe('ACCOUNT_DELETION_PENDING');
    t.clock.advance(2 * 60_000);

    const outcome = await completeAccountDeletions(jobDeps());

    expect(outcome.deleted).toBeGreaterThanOrEqual(1);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.userId));
    expect(row!.deletedAt).not.toBeNull();
    expect(await t.database.db.select().from(deposits).where(eq(deposits.userId, user.userId))).toEqual([]);
  });
});

describe('a purchase by card or Tilia during the seven days', () => {
  it('is refused as a deposit is, holds nothing, and the deletion goes through on its day', async () => {
    const user = await person();
    expect((await requestAccountDeletion(t, user.accessToken)).statusCode).toBe(202);
    t.clock.advance(7 * DAY_MS - 5 * MINUTE_MS);
    const { dropId } = await insertLiveDrop(t.database.db, { now: t.clock.now(), rounds: [{ packCount: 1 }] });
    const accessToken = await signIn(user.email);
    for (const paymentMethod of ['CARD', 'TILIA']) {
      const placed = await t.app.inject({
        method: 'POST',
        url: '/v2/orders',
        headers: { ...bearer(accessToken), 'idempotency-key': newId() },
        payload: { dropId, quantity: 1, paymentMethod },
      });
      expect(placed.statusCode, placed.body).toBe(409);
      expect(placed.json().code).toBe('ACCOUNT_DELETION_PENDING');
    }
    // Nothing held: the pack is still on sale and no payment was opened.
    expect(await t.database.db.select().from(orders).where(eq(orders.userId, user.userId))).toEqual([]);
    expect(await t.database.db.select().from(deposits).where(eq(deposits.userId, user.userId))).toEqual([]);
    expect(await t.database.db.select().from(packs).where(eq(packs.dropId, dropId))).toMatchObject([
      { orderId: null, ownerUserId: null },
    ]);

    t.clock.advance(6 * MINUTE_MS);
    await completeAccountDeletions(jobDeps());
    const [deleted] = await t.database.db.select().from(users).where(eq(users.id, user.userId));
    expect(deleted!.deletedAt).not.toBeNull();
  });
});

describe('a payment that lands after the deletion', () => {
  it('is held for review as account_deleted: nothing credited, no notice, an error reported', async () => {
    const user = await person();
    const deposit = await startCryptoDeposit(user.accessToken, 50_000);
    const depositNotices = async () =>
      (await t.database.db.select().from(notifications).where(eq(notifications.userId, user.userId)))
        .filter((notice) => notice.kind === 'DEPOSIT')
        .map((notice) => notice.title);
    // The checkout expires unpaid, so it no longer blocks; a crypto payment may still be confirmed late.
    t.clock.advance(DAY_MS);
    await expireAbandonedDeposits(t.database.db, t.clock.now());
    expect(await depositNotices()).toEqual(['Crypto charge expired']);
    expect((await requestAccountDeletion(t, await signIn(user.email))).statusCode).toBe(202);
    t.clock.advance(8 * DAY_MS);
    expect((await completeAccountDeletions(jobDeps())).deleted).toBeGreaterThanOrEqual(1);
    const reportsBefore = t.errorReporter.reports.length;
    // The feed went with the account; the payment after it tells nobody.
    expect(await depositNotices()).toEqual([]);

    const hook = await deliverSignedWebhook(t, WEBHOOK_SECRET, 'crypto', {
      id: 'evt_after_deletion_1',
      type: 'payment.succeeded',
      data: { providerReference: deposit.providerReference, amount: 50_000, currency: 'USD', paymentMethod: 'USDC' },
    });

    expect(hook.statusCode).toBe(200);
    const [account] = await t.database.db.select().from(users).where(eq(users.id, user.userId));
    expect(account!.deletedAt).not.toBeNull();
    expect(await balancesOf(t.database.db, user.userId)).toEqual({});
    const [event] = await t.database.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.eventId, 'evt_after_deletion_1'));
    expect(event).toMatchObject({ depositId: deposit.id, reviewReason: 'account_deleted' });
    const [after] = await t.database.db.select().from(deposits).where(eq(deposits.id, deposit.id));
    expect(after!.status).toBe('expired');
    expect(await depositNotices()).toEqual([]);
    expect(t.errorReporter.reports.slice(reportsBefore).map((report) => String(report.error))).toEqual([
      expect.stringContaining('held for review (account_deleted)'),
    ]);
    expect(await ledgerInvariantViolations(t.database.db)).toEqual(noViolations);
  });
});
