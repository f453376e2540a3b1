import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { errorCatalogue } from '@cypher/contract';
import { signWebhook, WEBHOOK_SIGNATURE_HEADER } from '../../../adapters/payments/payment-provider.ts';
import { activeUser, bearer } from '../../../testing/auth-helpers.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { balancesOf, ledgerInvariantViolations, noViolations } from '../../../testing/wallet-helpers.ts';
import type { PaymentProvider } from '../../../adapters/payments/payment-provider.ts';
import { inTransaction } from '../../../db/transaction.ts';
import { recordDeposit } from './create-deposit.ts';
import { openCheckout } from './open-checkout.ts';
import { deposits, paymentEvents } from './deposits.tables.ts';

const WEBHOOK_SECRET = 'whsec_test_secret_for_deposit_tests';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { PAYMENTS_WEBHOOK_SECRET: WEBHOOK_SECRET, PUBLIC_URL: 'http://cypher.test' } });
});
afterAll(() => t.close());

async function signedInUser() {
  const user = await activeUser(t);
  const me = await t.app.inject({ method: 'GET', url: '/v1/users/my', headers: bearer(user.accessToken) });
  return { ...user, userId: me.json().data.id as string };
}

function createDeposit(accessToken: string, amount: number, key?: string, method = 'card') {
  return t.app.inject({
    method: 'POST',
    url: '/v1/deposits',
    headers: { ...bearer(accessToken), ...(key ? { 'idempotency-key': key } : {}) },
    payload: { method, amount: { amount, currency: 'USD' } },
  });
}

function checkoutPath(checkoutUrl: string) {
  return new URL(checkoutUrl).pathname;
}

function payAtCheckout(checkoutUrl: string, cardNumber: string) {
  return t.app.inject({
    method: 'POST',
    url: checkoutPath(checkoutUrl),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ cardNumber, expiry: '12/39', cvc: '123' }).toString(),
  });
}

async function depositRow(id: string) {
  const [row] = await t.database.db.select().from(deposits).where(eq(deposits.id, id));
  return row!;
}

function sendWebhook(rawBody: string, signature: string) {
  return t.app.inject({
    method: 'POST',
    url: '/v1/webhooks/card',
    headers: { 'content-type': 'application/json', [WEBHOOK_SIGNATURE_HEADER]: signature },
    payload: rawBody,
  });
}

async function pendingDeposit(amount = 2500) {
  const user = await signedInUser();
  const created = await createDeposit(user.accessToken, amount);
  expect(created.statusCode).toBe(201);
  const { depositId } = created.json().data as { depositId: string };
  const row = await depositRow(depositId);
  return { user, depositId, reference: row.providerReference! };
}

function succeededEvent(reference: string, amount: number, id = `evt_${Math.random().toString(36).slice(2)}`) {
  return JSON.stringify({
    id,
    type: 'payment.succeeded',
    data: { providerReference: reference, amount, currency: 'USD', paymentMethod: 'Visa •••• 4242' },
  });
}

describe('POST /v1/deposits', () => {
  it('records the deposit, opens the sandbox checkout and answers 201 with it (pending)', async () => {
    const user = await signedInUser();
    const response = await createDeposit(user.accessToken, 2500);
    expect(response.statusCode).toBe(201);
    const data = response.json().data;
    expect(data.status).toBe('pending');
    expect(data.checkoutUrl).toMatch(/^http:\/\/cypher\.test\/dev\/payments\/card\/checkout\/cs_sandbox_/);
    const row = await depositRow(data.depositId);
    expect(row).toMatchObject({
      userId: user.userId,
      method: 'card',
      status: 'pending',
      amount: 2500,
      currency: 'USD',
    });
    const page = await t.app.inject({ method: 'GET', url: checkoutPath(data.checkoutUrl) });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('$25.00');
  });

  // 2^53 and 1e16 too: past the safe integers the schema's own "too large" answered (helper's note, session 52).
  it.each([499, 1_000_001, 0, -5, 2 ** 53, 1e16])('refuses %i cents: outside the bandwidth', async (amount) => {
    const user = await signedInUser();
    const response = await createDeposit(user.accessToken, amount);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'AMOUNT_OUT_OF_BANDWIDTH',
      message: 'Amount is not within correct bandwidth',
    });
  });

  it('accepts the bandwidth edges', async () => {
    const user = await signedInUser();
    expect((await createDeposit(user.accessToken, 500)).statusCode).toBe(201);
    expect((await createDeposit(user.accessToken, 1_000_000)).statusCode).toBe(201);
  });

  it('publishes the bandwidth it enforces', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/v1/deposits/limits' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({
      minimum: { amount: 500, currency: 'USD' },
      maximum: { amount: 1_000_000, currency: 'USD' },
    });
  });

  it('publishes and enforces a configured bandwidth', async () => {
    const narrow = await createTestApp({ env: { DEPOSIT_MIN_CENTS: '1000', DEPOSIT_MAX_CENTS: '20000' } });
    try {
      const limits = await narrow.app.inject({ method: 'GET', url: '/v1/deposits/limits' });
      expect(limits.json().data).toEqual({
        minimum: { amount: 1000, currency: 'USD' },
        maximum: { amount: 20000, currency: 'USD' },
      });
      const user = await activeUser(narrow);
      const refused = await narrow.app.inject({
        method: 'POST',
        url: '/v1/deposits',
        headers: bearer(user.accessToken),
        payload: { method: 'card', amount: { amount: 999, currency: 'USD' } },
      });
      expect(refused.json()).toMatchObject({ code: 'AMOUNT_OUT_OF_BANDWIDTH' });
    } finally {
      await narrow.close();
    }
  });

  it('returns the same deposit for a replayed Idempotency-Key, and 422 for the key with another body', async () => {
    const user = await signedInUser();
    const first = await createDeposit(user.accessToken, 1000, 'deposit-key-1');
    const second = await createDeposit(user.accessToken, 1000, 'deposit-key-1');
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.json()).toEqual(first.json());
    const rows = await t.database.db.select().from(deposits).where(eq(deposits.userId, user.userId));
    expect(rows).toHaveLength(1);
    const other = await createDeposit(user.accessToken, 2000, 'deposit-key-1');
    expect(other.statusCode).toBe(422);
  });

  // Session 71's wallet hunt: a replay after the deposit ended answered its checkout page, and the web, which resends
  // its key after a lost answer and then goes to that page, landed on a closed checkout.
  it.each([
    ['paid', '4242 4242 4242 4242', 'succeeded'],
    ['declined', '4000000000000002', 'failed'],
  ])('answers a replay after the deposit was %s with its status and no checkout page', async (_, card, status) => {
    const user = await signedInUser();
    const key = `deposit-ended-${status}`;
    const first = await createDeposit(user.accessToken, 1100, key);
    const { depositId, checkoutUrl } = first.json().data;
    expect([first.statusCode, typeof checkoutUrl]).toEqual([201, 'string']);
    expect((await payAtCheckout(checkoutUrl, card)).statusCode).toBe(303);

    const replayed = await createDeposit(user.accessToken, 1100, key);
    expect([replayed.statusCode, replayed.json()]).toEqual([201, { data: { depositId, checkoutUrl: null, status } }]);
    expect(await t.database.db.select().from(deposits).where(eq(deposits.userId, user.userId))).toHaveLength(1);
  });

  it('marks the deposit failed and answers 502 PAYMENT_PROVIDER_UNAVAILABLE when the provider fails', async () => {
    const user = await signedInUser();
    const request = { method: 'card' as const, amount: { amount: 1000, currency: 'USD' as const } };
    const depositId = await inTransaction(t.database.db, (tx) =>
      recordDeposit(tx, { payments: t.deps.config.payments, now: t.clock.now() }, user.userId, request),
    );
    const failing: PaymentProvider = {
      method: 'card',
      createCheckout: () => Promise.reject(new Error('provider down')),
      verifyWebhook: () => {
        throw new Error('unused');
      },
    };
    const opening = openCheckout(
      { db: t.database.db, clock: t.clock, provider: failing, publicUrl: 'http://cypher.test' },
      user.userId,
      depositId,
    );
    await expect(opening).rejects.toMatchObject({ code: 'PAYMENT_PROVIDER_UNAVAILABLE', status: 502 });
    expect(await depositRow(depositId)).toMatchObject({ status: 'failed', failureReason: 'provider_unavailable' });
  });

  it('a call that fails after another call for the same deposit opened its checkout leaves that checkout open, and its payment credits', async () => {
    const user = await signedInUser();
    const request = { method: 'card' as const, amount: { amount: 1300, currency: 'USD' as const } };
    const depositId = await inTransaction(t.database.db, (tx) =>
      recordDeposit(tx, { payments: t.deps.config.payments, now: t.clock.now() }, user.userId, request),
    );
    // Two copies of one request (a client's retry) both find the intent created and both ask the provider. The
    // first to ask gets the checkout and hands it out; the other's answer is lost (a timeout) after that. Which copy
    // asks first is not known: on PostgreSQL their reads of the deposit run on two connections and may return in
    // either order, so the lost answer waits for whichever call settles first (the one that got the checkout).
    let inFlight = 0;
    let bothInFlight!: () => void;
    const overlapping = new Promise<void>((resolve) => (bothInFlight = resolve));
    let oneAnswered!: Promise<unknown>;
    const reference = `cs_raced_${depositId}`;
    const provider: PaymentProvider = {
      method: 'card',
      async createCheckout() {
        const call = (inFlight += 1);
        if (inFlight === 2) bothInFlight();
        await overlapping;
        if (call === 2) {
          await oneAnswered;
          throw new Error('provider: no answer within 10000 ms');
        }
        return {
          providerReference: reference,
          checkoutUrl: `https://pay.test/${reference}`,
          expiresAt: new Date(t.clock.now().getTime() + 3_600_000),
        };
      },
      verifyWebhook: () => {
        throw new Error('unused');
      },
    };
    const open = () =>
      openCheckout(
        { db: t.database.db, clock: t.clock, provider, publicUrl: 'http://cypher.test' },
        user.userId,
        depositId,
      );
    const calls = [open(), open()];
    oneAnswered = Promise.race(calls);
    // Both answer the one checkout, the failed call included: the person may be paying on it.
    expect(await Promise.all(calls)).toEqual([
      { depositId, checkoutUrl: `https://pay.test/${reference}`, status: 'pending' },
      { depositId, checkoutUrl: `https://pay.test/${reference}`, status: 'pending' },
    ]);
    expect(inFlight).toBe(2);
    expect(await depositRow(depositId)).toMatchObject({ status: 'pending', failureReason: null });

    const rawBody = JSON.stringify({
      id: `evt_raced_${depositId}`,
      type: 'payment.succeeded',
      data: { providerReference: reference, amount: 1300, currency: 'USD', paymentMethod: 'Visa •••• 4242' },
    });
    expect((await sendWebhook(rawBody, signWebhook(WEBHOOK_SECRET, rawBody, t.clock.now()))).statusCode).toBe(200);
    expect(await depositRow(depositId)).toMatchObject({ status: 'succeeded' });
    const [event] = await t.database.db.select().from(paymentEvents).where(eq(paymentEvents.depositId, depositId));
    expect(event?.reviewReason).toBeNull();
    expect(await balancesOf(t.database.db, user.userId)).toMatchObject({ unsettled: 1300 });
    expect(await ledgerInvariantViolations(t.database.db)).toEqual(noViolations);
  });

  it('needs a signed-in person', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/deposits',
      payload: { method: 'card', amount: { amount: 1000, currency: 'USD' } },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('card sandbox checkout', () => {
  it('pays with 4242 4242 4242 4242: webhook, deposit succeeded, balance credited as unsettled, receipt listed', async () => {
    const { user, depositId } = await pendingDeposit(2500);
    const { checkoutUrl } = (await depositRow(depositId)) as { checkoutUrl: string };
    const paid = await payAtCheckout(checkoutUrl, '4242 4242 4242 4242');
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`http://cypher.test/payment?deposit=${depositId}`);
    expect((await depositRow(depositId)).status).toBe('succeeded');
    expect(await balancesOf(t.database.db, user.userId)).toMatchObject({ unsettled: 2500 });

    const history = await t.app.inject({ method: 'GET', url: '/v1/balances', headers: bearer(user.accessToken) });
    expect(history.statusCode).toBe(200);
    const [item] = history.json().data.items;
    expect(JSON.stringify(item)).toContain('Visa •••• 4242');
    expect(await ledgerInvariantViolations(t.database.db)).toEqual(noViolations);
  });

  it('declines 4000 0000 0000 0002: deposit failed, nothing credited', async () => {
    const { user, depositId } = await pendingDeposit(3000);
    const paid = await payAtCheckout((await depositRow(depositId)).checkoutUrl!, '4000000000000002');
    expect(paid.statusCode).toBe(303);
    expect(await depositRow(depositId)).toMatchObject({ status: 'failed', failureReason: 'card_declined' });
    expect((await balancesOf(t.database.db, user.userId)).unsettled ?? 0).toBe(0);
  });

  it('refuses 4000 0000 0000 9995 for insufficient funds', async () => {
    const { depositId } = await pendingDeposit(3000);
    await payAtCheckout((await depositRow(depositId)).checkoutUrl!, '4000000000009995');
    expect(await depositRow(depositId)).toMatchObject({ status: 'failed', failureReason: 'insufficient_funds' });
  });

  it('names a Discover card on the receipt as a saved Discover card is named', async () => {
    const { user, depositId } = await pendingDeposit(2600);
    const paid = await payAtCheckout((await depositRow(depositId)).checkoutUrl!, '6011 1111 1111 1117');
    expect(paid.statusCode).toBe(303);
    const deposit = await t.app.inject({
      method: 'GET',
      url: `/v1/deposits/${depositId}`,
      headers: bearer(user.accessToken),
    });
    expect(deposit.json().data).toMatchObject({ status: 'succeeded', paymentMethod: 'Discover •••• 1117' });
  });

  it('shows the Luhn message for a mistyped number and changes nothing', async () => {
    const { depositId } = await pendingDeposit(3000);
    const paid = await payAtCheckout((await depositRow(depositId)).checkoutUrl!, '4242424242424241');
    expect(paid.statusCode).toBe(400);
    expect(paid.body).toContain('Invalid credit card number. Please check again');
    expect((await depositRow(depositId)).status).toBe('pending');
  });
});

describe('POST /v1/webhooks/:provider', () => {
  it('credits once when the same event arrives 10 times at once', async () => {
    const { user, depositId, reference } = await pendingDeposit(4000);
    const body = succeededEvent(reference, 4000, `evt_concurrent_${depositId}`);
    const signature = signWebhook(WEBHOOK_SECRET, body, t.clock.now());
    const answers = await Promise.all(Array.from({ length: 10 }, () => sendWebhook(body, signature)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(10).fill(200));
    expect(answers[0]!.json()).toEqual({ data: { received: true } });
    expect(await balancesOf(t.database.db, user.userId)).toMatchObject({ unsettled: 4000 });
    const events = await t.database.db.select().from(paymentEvents).where(eq(paymentEvents.depositId, depositId));
    expect(events).toHaveLength(1);
    expect(await ledgerInvariantViolations(t.database.db)).toEqual(noViolations);
  });

  it('credits once for two different events of the same payment', async () => {
    const { user, reference } = await pendingDeposit(1500);
    for (const id of ['evt_a', 'evt_b'].map((prefix) => `${prefix}_${reference}`)) {
      const body = succeededEvent(reference, 1500, id);
      expect((await sendWebhook(body, signWebhook(WEBHOOK_SECRET, body, t.clock.now()))).statusCode).toBe(200);
    }
    expect(await balancesOf(t.database.db, user.userId)).toMatchObject({ unsettled: 1500 });
  });

  // Review of session 33: the succeeded event decided on a deposit it had read before the failed one committed, then
  // found nothing to move and kept neither the money nor a review (11 of 15 card orders on PostgreSQL).
  it('a succeeded and a failed event of one deposit at once: the money is credited, or held for review with the deposit failed', async () => {
    const user = await signedInUser();
    for (let round = 0; round < 12; round += 1) {
      const created = await createDeposit(user.accessToken, 1200);
      const { depositId } = created.json().data as { depositId: string };
      const { providerReference: reference } = await depositRow(depositId);
      const succeededId = `evt_race_succeeded_${depositId}`;
      const failed = JSON.stringify({
        id: `evt_race_failed_${depositId}`,
        type: 'payment.failed',
        data: { providerReference: reference, amount: 1200, currency: 'USD', failureReason: 'card_declined' },
      });
      const answers = await Promise.all(
        [succeededEvent(reference!, 1200, succeededId), failed].map((body) =>
          sendWebhook(body, signWebhook(WEBHOOK_SECRET, body, t.clock.now())),
        ),
      );
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
      const { status } = await depositRow(depositId);
      const [kept] = await t.database.db.select().from(paymentEvents).where(eq(paymentEvents.eventId, succeededId));
      expect([status, kept?.reviewReason]).toEqual(
        status === 'succeeded' ? ['succeeded', null] : ['failed', 'deposit_failed'],
      );
    }
    const credited = (await balancesOf(t.database.db, user.userId)).unsettled ?? 0;
    const succeededDeposits = await t.database.db.select().from(deposits).where(eq(deposits.status, 'succeeded'));
    expect(credited).toBe(
      succeededDeposits.filter((row) => row.userId === user.userId).reduce((sum, row) => sum + row.amount, 0),
    );
    expect(await ledgerInvariantViolations(t.database.db)).toEqual(noViolations);
  });

  it('credits nothing for a succeeded event whose amount is not the deposit, and closes the deposit', async () => {
    const { user, depositId, reference } = await pendingDeposit(1500);
    const body = succeededEvent(reference, 999_999);
    expect((await sendWebhook(body, signWebhook(WEBHOOK_SECRET, body, t.clock.now()))).statusCode).toBe(200);
    // Held for review (payment-reviews.test.ts); the deposit stops waiting for a payment that came.
    expect(await depositRow(depositId)).toMatchObject({ status: 'failed', failureReason: 'amount_mismatch' });
    expect((await balancesOf(t.database.db, user.userId)).unsettled ?? 0).toBe(0);
  });

  it('moves a pending deposit to expired', async () => {
    const { depositId, reference } = await pendingDeposit(1500);
    const body = JSON.stringify({
      id: `evt_expired_${depositId}`,
      type: 'payment.expired',
      data: { providerReference: reference, amount: 1500, currency: 'USD' },
    });
    expect((await sendWebhook(body, signWebhook(WEBHOOK_SECRET, body, t.clock.now()))).statusCode).toBe(200);
    expect((await depositRow(depositId)).status).toBe('expired');
  });

  describe('refuses with 400 WEBHOOK_SIGNATURE_INVALID and changes nothing', () => {
    const refusals: Array<[string, (body: string, reference: string) => [string, string]]> = [
      [
        'a signature made with another secret',
        (body) => [body, signWebhook('whsec_someone_else_entirely', body, t.clock.now())],
      ],
      [
        'a timestamp older than five minutes',
        (body) => [body, signWebhook(WEBHOOK_SECRET, body, new Date(t.clock.now().getTime() - 301_000))],
      ],
      [
        'a timestamp more than five minutes ahead',
        (body) => [body, signWebhook(WEBHOOK_SECRET, body, new Date(t.clock.now().getTime() + 301_000))],
      ],
      [
        'a body with one byte changed',
        (body) => {
          const signature = signWebhook(WEBHOOK_SECRET, body, t.clock.now());
          return [body.replace('"amount":2000', '"amount":2001'), signature];
        },
      ],
      ['no signature', (body) => [body, '']],
      ['a malformed header', (body) => [body, 'v1=nothex,t=abc']],
    ];
    it.each(refusals)('%s', async (_name, tamper) => {
      const { user, depositId, reference } = await pendingDeposit(2000);
      const [body, signature] = tamper(succeededEvent(reference, 2000), reference);
      const response = await sendWebhook(body, signature);
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('WEBHOOK_SIGNATURE_INVALID');
      expect((await depositRow(depositId)).status).toBe('pending');
      expect((await balancesOf(t.database.db, user.userId)).unsettled ?? 0).toBe(0);
    });
  });

  it('refuses a signed event whose text cannot be stored (a NUL character) in validation, naming the field', async () => {
    const { user, depositId, reference } = await pendingDeposit(2000);
    for (const [body, field] of [
      [succeededEvent(reference, 2000, 'evt_\u0000nul'), 'id'],
      [succeededEvent(`${reference}\u0000`, 2000), 'data.providerReference'],
    ] as const) {
      const response = await sendWebhook(body, signWebhook(WEBHOOK_SECRET, body, t.clock.now()));
      expect([response.statusCode, response.json()], field).toEqual([
        400,
        {
          code: 'INVALID_REQUEST',
          message: errorCatalogue.INVALID_REQUEST.message,
          details: [{ field, message: expect.stringContaining('NUL character') }],
        },
      ]);
    }
    expect((await depositRow(depositId)).status).toBe('pending');
    expect((await balancesOf(t.database.db, user.userId)).unsettled ?? 0).toBe(0);
  });

  it('accepts a signature within the five-minute window', async () => {
    const { user, reference } = await pendingDeposit(2000);
    const body = succeededEvent(reference, 2000);
    const response = await sendWebhook(
      body,
      signWebhook(WEBHOOK_SECRET, body, new Date(t.clock.now().getTime() - 299_000)),
    );
    expect(response.statusCode).toBe(200);
    expect(await balancesOf(t.database.db, user.userId)).toMatchObject({ unsettled: 2000 });
  });
});

describe('crypto and Tilia sandboxes', () => {
  it('lists the crypto currencies with the network warning', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/v1/deposits/crypto/currencies' });
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data.currencies.map((coin: { code: string }) => coin.code)).toEqual(['ETH', 'BTC', 'BCH', 'USDC', 'DAI']);
    expect(data.warning).toMatch(/lost/);
  });

  it('a confirmed crypto charge credits withdrawable money at once', async () => {
    const user = await signedInUser();
    const created = await createDeposit(user.accessToken, 5000, undefined, 'crypto');
    expect(created.statusCode).toBe(201);
    const { depositId, checkoutUrl } = created.json().data;
    expect(checkoutUrl).toContain('/dev/payments/crypto/checkout/charge_sandbox_');
    const page = await t.app.inject({ method: 'GET', url: checkoutPath(checkoutUrl) });
    expect(page.body).toContain('USDC');
    const paid = await t.app.inject({
      method: 'POST',
      url: checkoutPath(checkoutUrl),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'outcome=succeeded',
    });
    expect(paid.statusCode).toBe(303);
    expect((await depositRow(depositId)).status).toBe('succeeded');
    expect(await balancesOf(t.database.db, user.userId)).toMatchObject({ withdrawable: 5000 });
  });

  it('a Tilia payment that times out ends expired, nothing credited', async () => {
    const user = await signedInUser();
    const created = await createDeposit(user.accessToken, 5000, undefined, 'tilia');
    const { depositId, checkoutUrl } = created.json().data;
    const paid = await t.app.inject({
      method: 'POST',
      url: checkoutPath(checkoutUrl),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'outcome=expired',
    });
    expect(paid.statusCode).toBe(303);
    expect((await depositRow(depositId)).status).toBe('expired');
    expect((await balancesOf(t.database.db, user.userId)).unsettled ?? 0).toBe(0);
  });
});
