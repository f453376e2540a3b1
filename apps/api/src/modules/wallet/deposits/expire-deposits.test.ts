import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { localDiscordRoleSync } from '../../../adapters/discord-roles/discord-roles.ts';
import { recurringJobs } from '../../../jobs/job-scheduler.ts';
import { activeUser as newActiveUser, bearer, logIn } from '../../../testing/auth-helpers.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { deliverSignedWebhook } from '../../../testing/webhook-helpers.ts';
import { balancesOf, ledgerInvariantViolations, noViolations } from '../../../testing/wallet-helpers.ts';
import { inTransaction } from '../../../db/transaction.ts';
import { recordDeposit } from './create-deposit.ts';
import { answerFor, reloadDeposit } from './deposit-answer.ts';
import { deposits, paymentEvents } from './deposits.tables.ts';
import { CREATED_DEPOSIT_TTL_MS } from './expire-abandoned-deposits.ts';
import { idleJobQueue } from '../../../jobs/job-queue.ts';

const WEBHOOK_SECRET = 'whsec_test_secret_for_expiry_tests';
const MINUTE_MS = 60_000;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { PAYMENTS_WEBHOOK_SECRET: WEBHOOK_SECRET, PUBLIC_URL: 'http://cypher.test' } });
});
afterAll(() => t.close());

async function activeUser(app: TestApp) {
  const user = await newActiveUser(app);
  const me = await app.app.inject({ method: 'GET', url: '/v1/users/my', headers: bearer(user.accessToken) });
  return { ...user, userId: me.json().data.id as string };
}

/** After the clock moved past the access token's lifetime: sign in again, as the web would. */
async function signInAgain(user: { email: string; accessToken: string }) {
  const response = await logIn(t, user.email);
  expect(response.statusCode).toBe(200);
  user.accessToken = response.json().data.accessToken;
}

async function pendingDeposit(accessToken: string, amount: number, method = 'card') {
  const created = await t.app.inject({
    method: 'POST',
    url: '/v1/deposits',
    headers: bearer(accessToken),
    payload: { method, amount: { amount, currency: 'USD' } },
  });
  expect(created.statusCode).toBe(201);
  const { depositId, checkoutUrl } = created.json().data as { depositId: string; checkoutUrl: string };
  const [row] = await t.database.db.select().from(deposits).where(eq(deposits.id, depositId));
  return { depositId, checkoutUrl, reference: row!.providerReference! };
}

async function getDeposit(accessToken: string, id: string) {
  const response = await t.app.inject({ method: 'GET', url: `/v1/deposits/${id}`, headers: bearer(accessToken) });
  expect(response.statusCode).toBe(200);
  return response.json().data;
}

function runExpiryJob() {
  const job = recurringJobs.find((candidate) => candidate.name === 'expire-abandoned-deposits')!;
  return job.run({
    config: t.deps.config,
    database: t.database,
    clock: t.clock,
    storage: t.storage,
    discordRoles: localDiscordRoleSync(),
    mailer: t.deps.mailer,
    jobs: idleJobQueue,
  });
}

function sendEvent(method: string, event: object) {
  return deliverSignedWebhook(t, WEBHOOK_SECRET, method, event);
}

function succeeded(reference: string, amount: number, id: string, paymentMethod = 'USDC') {
  return {
    id,
    type: 'payment.succeeded',
    data: { providerReference: reference, amount, currency: 'USD', paymentMethod },
  };
}

async function storedEvent(eventId: string) {
  const [row] = await t.database.db.select().from(paymentEvents).where(eq(paymentEvents.eventId, eventId));
  return row;
}

describe('expire-abandoned-deposits (recurring job)', () => {
  it('expires pending deposits past their checkout expiry and leaves the others pending', async () => {
    const user = await activeUser(t);
    const abandoned = await pendingDeposit(user.accessToken, 1000);
    t.clock.advance(20 * MINUTE_MS);
    await signInAgain(user);
    const recent = await pendingDeposit(user.accessToken, 2000);
    t.clock.advance(11 * MINUTE_MS);
    await signInAgain(user);

    expect(await runExpiryJob()).toBe(1);

    expect(await getDeposit(user.accessToken, abandoned.depositId)).toMatchObject({
      status: 'expired',
      failureReason: 'expired',
      checkoutUrl: null,
    });
    expect(await getDeposit(user.accessToken, recent.depositId)).toMatchObject({
      status: 'pending',
      checkoutUrl: recent.checkoutUrl,
    });
    const page = await t.app.inject({ method: 'GET', url: new URL(abandoned.checkoutUrl).pathname });
    expect(page.statusCode).toBe(404);
    expect(await runExpiryJob()).toBe(0);
  });

  it('credits a payment confirmed after expiry exactly once (a late crypto confirmation)', async () => {
    const user = await activeUser(t);
    const { depositId, reference } = await pendingDeposit(user.accessToken, 4200, 'crypto');
    t.clock.advance(31 * MINUTE_MS);
    await signInAgain(user);
    await runExpiryJob();
    expect((await getDeposit(user.accessToken, depositId)).status).toBe('expired');

    const late = succeeded(reference, 4200, `evt_late_${depositId}`);
    expect((await sendEvent('crypto', late)).statusCode).toBe(200);
    expect((await sendEvent('crypto', late)).statusCode).toBe(200);
    expect((await sendEvent('crypto', succeeded(reference, 4200, `evt_late_again_${depositId}`))).statusCode).toBe(200);

    expect(await getDeposit(user.accessToken, depositId)).toMatchObject({
      status: 'succeeded',
      failureReason: null,
      paymentMethod: 'USDC',
    });
    expect(await balancesOf(t.database.db, user.userId)).toMatchObject({ withdrawable: 4200 });
    expect(await ledgerInvariantViolations(t.database.db)).toEqual(noViolations);
  });
});

describe('an intent whose checkout never opened', () => {
  it('expires once it is older than the intent TTL, and a payment that still arrives credits it once', async () => {
    const user = await activeUser(t);
    // The process stopped after the intent committed and before the provider's answer was recorded.
    const depositId = await inTransaction(t.database.db, (tx) =>
      recordDeposit(tx, { payments: t.deps.config.payments, now: t.clock.now() }, user.userId, {
        method: 'card',
        amount: { amount: 1300, currency: 'USD' },
      }),
    );
    t.clock.advance(CREATED_DEPOSIT_TTL_MS - MINUTE_MS);
    await runExpiryJob();
    expect((await t.database.db.select().from(deposits).where(eq(deposits.id, depositId)))[0]?.status).toBe('created');

    t.clock.advance(2 * MINUTE_MS);
    await runExpiryJob();
    await signInAgain(user);
    expect(await getDeposit(user.accessToken, depositId)).toMatchObject({
      status: 'expired',
      failureReason: 'expired',
    });
    // A retry of the request with its Idempotency-Key is answered from the deposit as it stands: ended, no page to
    // open. It said "still being processed" (409) until the key was purged a day later (helper's note, session 52).
    expect(answerFor(await reloadDeposit(t.database.db, depositId))).toEqual({
      depositId,
      checkoutUrl: null,
      status: 'expired',
    });

    const late = {
      id: `evt_after_crash_${depositId}`,
      type: 'payment.succeeded',
      data: { providerReference: `cs_after_crash_${depositId}`, depositId, amount: 1300, currency: 'USD' },
    };
    expect((await sendEvent('card', late)).statusCode).toBe(200);
    expect((await sendEvent('card', late)).statusCode).toBe(200);
    expect((await getDeposit(user.accessToken, depositId)).status).toBe('succeeded');
    expect(answerFor(await reloadDeposit(t.database.db, depositId))).toMatchObject({ status: 'succeeded' });
    expect(await balancesOf(t.database.db, user.userId)).toMatchObject({ unsettled: 1300 });
    expect(await ledgerInvariantViolations(t.database.db)).toEqual(noViolations);
  });
});

describe('a succeeded event that cannot be credited is held for review', () => {
  it('for a deposit that already failed: nothing credited, the event kept with its reason, an error reported', async () => {
    const user = await activeUser(t);
    const { depositId, checkoutUrl, reference } = await pendingDeposit(user.accessToken, 3000);
    const declined = await t.app.inject({
      method: 'POST',
      url: new URL(checkoutUrl).pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ cardNumber: '4000000000000002', expiry: '12/39', cvc: '123' }).toString(),
    });
    expect(declined.statusCode).toBe(303);
    expect((await getDeposit(user.accessToken, depositId)).status).toBe('failed');
    const reportsBefore = t.errorReporter.reports.length;

    const eventId = `evt_after_failure_${depositId}`;
    const response = await sendEvent('card', succeeded(reference, 3000, eventId, 'Visa •••• 0002'));

    expect(response.statusCode).toBe(200);
    expect(await getDeposit(user.accessToken, depositId)).toMatchObject({
      status: 'failed',
      failureReason: 'card_declined',
    });
    expect((await balancesOf(t.database.db, user.userId)).unsettled ?? 0).toBe(0);
    expect(await storedEvent(eventId)).toMatchObject({ depositId, reviewReason: 'deposit_failed' });
    expect(t.errorReporter.reports.slice(reportsBefore).map((report) => String(report.error))).toEqual([
      expect.stringContaining('held for review (deposit_failed)'),
    ]);
    // The person is told the money arrived late and will be refunded (their page said the card was declined).
    const notices = await t.app.inject({ method: 'GET', url: '/v1/notifications', headers: bearer(user.accessToken) });
    expect(notices.json().data.items[0]).toMatchObject({
      kind: 'DEPOSIT',
      title: 'Payment held for review',
      body: 'Your $30.00 payment arrived after it had failed, so nothing was added to your balance. Our team will refund it to you; you do not need to pay again.',
    });
  });

  it('for a reference we do not know: nothing credited, the event kept with its reason, an error reported', async () => {
    const reportsBefore = t.errorReporter.reports.length;
    const eventId = 'evt_unknown_reference_1';
    const response = await sendEvent('card', succeeded('cs_sandbox_nobody_knows', 5000, eventId));
    expect(response.statusCode).toBe(200);
    expect(await storedEvent(eventId)).toMatchObject({ depositId: null, reviewReason: 'unknown_reference' });
    expect(t.errorReporter.reports.slice(reportsBefore)).toHaveLength(1);
    // A redelivery of the same event is a duplicate: stored and reported once.
    expect((await sendEvent('card', succeeded('cs_sandbox_nobody_knows', 5000, eventId))).statusCode).toBe(200);
    expect(t.errorReporter.reports.slice(reportsBefore)).toHaveLength(1);
    expect(await ledgerInvariantViolations(t.database.db)).toEqual(noViolations);
  });

  it('a failed event for an unknown reference is ignored, not held (no money moved)', async () => {
    const eventId = 'evt_unknown_failed_1';
    const event = {
      id: eventId,
      type: 'payment.failed',
      data: { providerReference: 'cs_sandbox_x', amount: 500, currency: 'USD' },
    };
    expect((await sendEvent('card', event)).statusCode).toBe(200);
    expect(await storedEvent(eventId)).toMatchObject({ reviewReason: null });
  });
});
