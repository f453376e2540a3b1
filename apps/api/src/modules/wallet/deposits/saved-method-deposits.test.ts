import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  signWebhook,
  WEBHOOK_SIGNATURE_HEADER,
  PaymentRefusedError,
  type PaymentProvider,
  type TSavedMethodChargeRequest,
} from '../../../adapters/payments/payment-provider.ts';
import { inTransaction } from '../../../db/transaction.ts';
import { activeUser as newActiveUser, bearer } from '../../../testing/auth-helpers.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { deliverSignedWebhook } from '../../../testing/webhook-helpers.ts';
import { balancesOf, ledgerInvariantViolations, noViolations } from '../../../testing/wallet-helpers.ts';
import { chargeSavedPaymentMethod, SAVED_METHOD_CHARGE_TTL_MS } from './charge-saved-payment-method.ts';
import { recordDeposit } from './create-deposit.ts';
import { deposits, paymentEvents } from './deposits.tables.ts';

const WEBHOOK_SECRET = 'whsec_test_secret_for_saved_methods';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { PAYMENTS_WEBHOOK_SECRET: WEBHOOK_SECRET, PUBLIC_URL: 'http://cypher.test' } });
});
afterAll(() => t.close());

async function activeUser() {
  const user = await newActiveUser(t);
  const me = await t.app.inject({ method: 'GET', url: '/v1/users/my', headers: bearer(user.accessToken) });
  return { ...user, userId: me.json().data.id as string };
}

async function saveCard(accessToken: string, cardNumber: string): Promise<string> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/v1/cards',
    headers: bearer(accessToken),
    payload: { nameOnCard: 'Ada Lovelace', cardNumber, expMonth: 12, expYear: 2039 },
  });
  expect(response.statusCode).toBe(201);
  return response.json().data.id;
}

async function saveTiliaMethod(accessToken: string, label: string): Promise<string> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/v1/tilia/payment-methods',
    headers: bearer(accessToken),
    payload: { type: 'tilia_wallet', label },
  });
  expect(response.statusCode).toBe(201);
  return response.json().data.id;
}

function createDeposit(
  accessToken: string,
  body: { method: string; amount: number; paymentMethodId?: string },
  idempotencyKey?: string,
) {
  return t.app.inject({
    method: 'POST',
    url: '/v1/deposits',
    headers: { ...bearer(accessToken), ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}) },
    payload: {
      method: body.method,
      amount: { amount: body.amount, currency: 'USD' },
      ...(body.paymentMethodId ? { paymentMethodId: body.paymentMethodId } : {}),
    },
  });
}

/** What the web's return page does: poll GET /v1/deposits/:id until the provider's webhook has decided. */
async function settledDeposit(accessToken: string, depositId: string) {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const response = await t.app.inject({
      method: 'GET',
      url: `/v1/deposits/${depositId}`,
      headers: bearer(accessToken),
    });
    expect(response.statusCode).toBe(200);
    const deposit = response.json().data;
    if (deposit.status !== 'pending') return deposit;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`deposit ${depositId} stayed pending`);
}

function deliverWebhook(rawBody: string) {
  return deliverSignedWebhook(t, WEBHOOK_SECRET, 'card', rawBody);
}

async function eventsOf(depositId: string) {
  return t.database.db.select().from(paymentEvents).where(eq(paymentEvents.depositId, depositId));
}

describe('POST /v1/deposits with a saved card', () => {
  it('charges it without a checkout, and the signed webhook credits the deposit', async () => {
    const user = await activeUser();
    const cardId = await saveCard(user.accessToken, '4242 4242 4242 4242');
    const response = await createDeposit(user.accessToken, { method: 'card', amount: 2500, paymentMethodId: cardId });
    expect(response.statusCode).toBe(201);
    const { depositId, checkoutUrl, status } = response.json().data;
    expect(checkoutUrl).toBeNull();
    expect(status).toBe('pending');
    // Without a checkout's own expiry, the charge gets a day before the abandoned-checkout job may close it.
    const [charged] = await t.database.db.select().from(deposits).where(eq(deposits.id, depositId));
    expect(charged?.expiresAt).toEqual(new Date(t.clock.now().getTime() + SAVED_METHOD_CHARGE_TTL_MS));

    expect(await settledDeposit(user.accessToken, depositId)).toMatchObject({
      status: 'succeeded',
      paymentMethod: 'Visa •••• 4242',
      failureReason: null,
      checkoutUrl: null,
      amount: { amount: 2500, currency: 'USD' },
    });
    expect(await balancesOf(t.database.db, user.userId)).toMatchObject({ unsettled: 2500 });
    expect(await eventsOf(depositId)).toHaveLength(1);
    expect(await ledgerInvariantViolations(t.database.db)).toEqual(noViolations);
  });

  it.each([
    ['4000000000000002', 'card_declined'],
    ['4000000000009995', 'insufficient_funds'],
  ])('a saved test card %s is declined like at the checkout (%s), nothing credited', async (number, reason) => {
    const user = await activeUser();
    const cardId = await saveCard(user.accessToken, number);
    const response = await createDeposit(user.accessToken, { method: 'card', amount: 1500, paymentMethodId: cardId });
    expect(response.statusCode).toBe(201);
    const { depositId } = response.json().data;
    expect(await settledDeposit(user.accessToken, depositId)).toMatchObject({
      status: 'failed',
      failureReason: reason,
      paymentMethod: `Visa •••• ${number.slice(-4)}`,
    });
    expect((await balancesOf(t.database.db, user.userId)).unsettled ?? 0).toBe(0);
  });

  it('refuses someone else’s card, an unknown one, and a crypto deposit with a saved method', async () => {
    const owner = await activeUser();
    const cardId = await saveCard(owner.accessToken, '4242424242424242');
    const other = await activeUser();
    const foreign = await createDeposit(other.accessToken, { method: 'card', amount: 1000, paymentMethodId: cardId });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ code: 'CARD_NOT_FOUND', message: 'We could not find this card.' });
    const unknown = await createDeposit(other.accessToken, {
      method: 'card',
      amount: 1000,
      paymentMethodId: '0190f3a0-0000-7000-8000-000000000000',
    });
    expect(unknown.json().code).toBe('CARD_NOT_FOUND');
    const crypto = await createDeposit(owner.accessToken, { method: 'crypto', amount: 1000, paymentMethodId: cardId });
    expect(crypto.statusCode).toBe(400);
    expect(crypto.json().code).toBe('INVALID_REQUEST');
    const rows = await t.database.db.select().from(deposits).where(eq(deposits.userId, other.userId));
    expect(rows).toEqual([]);
  });

  it('10 concurrent identical requests with one Idempotency-Key: one deposit, one charge, one credit', async () => {
    const user = await activeUser();
    const cardId = await saveCard(user.accessToken, '4242424242424242');
    const body = { method: 'card', amount: 3300, paymentMethodId: cardId };
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => createDeposit(user.accessToken, body, 'saved-card-concurrent-1')),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.every((code) => code === 201 || code === 409)).toBe(true);
    expect(statuses).toContain(201);
    const depositIds = new Set(
      answers.filter((answer) => answer.statusCode === 201).map((answer) => answer.json().data.depositId),
    );
    expect(depositIds.size).toBe(1);
    const [depositId] = [...depositIds] as [string];

    expect((await settledDeposit(user.accessToken, depositId)).status).toBe('succeeded');
    const replay = await createDeposit(user.accessToken, body, 'saved-card-concurrent-1');
    expect(replay.statusCode).toBe(201);
    expect(replay.json().data).toEqual({ depositId, checkoutUrl: null, status: 'succeeded' });

    const rows = await t.database.db.select().from(deposits).where(eq(deposits.userId, user.userId));
    expect(rows).toHaveLength(1);
    expect(await eventsOf(depositId)).toHaveLength(1);
    expect(await balancesOf(t.database.db, user.userId)).toMatchObject({ unsettled: 3300 });
    expect(await ledgerInvariantViolations(t.database.db)).toEqual(noViolations);
  });
});

describe('POST /v1/deposits with a saved Tilia payment method', () => {
  it('charges it and credits the deposit under the method’s label', async () => {
    const user = await activeUser();
    const methodId = await saveTiliaMethod(user.accessToken, 'My Tilia wallet');
    const response = await createDeposit(user.accessToken, {
      method: 'tilia',
      amount: 4000,
      paymentMethodId: methodId,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().data.checkoutUrl).toBeNull();
    const deposit = await settledDeposit(user.accessToken, response.json().data.depositId);
    expect(deposit).toMatchObject({ method: 'tilia', status: 'succeeded', paymentMethod: 'My Tilia wallet' });
    expect(await balancesOf(t.database.db, user.userId)).toMatchObject({ unsettled: 4000 });
  });

  it('refuses someone else’s Tilia method, and a saved card id for a Tilia deposit', async () => {
    const owner = await activeUser();
    const methodId = await saveTiliaMethod(owner.accessToken, 'Owner wallet');
    const cardId = await saveCard(owner.accessToken, '4242424242424242');
    const other = await activeUser();
    const foreign = await createDeposit(other.accessToken, {
      method: 'tilia',
      amount: 1000,
      paymentMethodId: methodId,
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({
      code: 'PAYMENT_METHOD_NOT_FOUND',
      message: 'We could not find this payment method.',
    });
    const cardAsTilia = await createDeposit(owner.accessToken, {
      method: 'tilia',
      amount: 1000,
      paymentMethodId: cardId,
    });
    expect(cardAsTilia.json().code).toBe('PAYMENT_METHOD_NOT_FOUND');
  });
});

describe('a webhook that overtakes the charge call’s answer', () => {
  it('finds the deposit by the id the provider echoes back and credits it once', async () => {
    const user = await activeUser();
    const cardId = await saveCard(user.accessToken, '4242424242424242');
    const now = t.clock.now();
    // The intent committed, the provider charged, but our created -> pending has not happened yet.
    const depositId = await inTransaction(t.database.db, (tx) =>
      recordDeposit(tx, { payments: t.deps.config.payments, now }, user.userId, {
        method: 'card',
        amount: { amount: 2100, currency: 'USD' },
        paymentMethodId: cardId,
      }),
    );
    const rawBody = JSON.stringify({
      id: `evt_overtaking_${depositId}`,
      type: 'payment.succeeded',
      data: { providerReference: `pi_overtaking_${depositId}`, depositId, amount: 2100, currency: 'USD' },
    });
    const delivered = await t.app.inject({
      method: 'POST',
      url: '/v1/webhooks/card',
      headers: {
        'content-type': 'application/json',
        [WEBHOOK_SIGNATURE_HEADER]: signWebhook(WEBHOOK_SECRET, rawBody, now),
      },
      payload: rawBody,
    });
    expect(delivered.statusCode).toBe(200);
    const deposit = await settledDeposit(user.accessToken, depositId);
    expect(deposit).toMatchObject({ status: 'succeeded', paymentMethod: 'Visa •••• 4242' });
    const [row] = await t.database.db.select().from(deposits).where(eq(deposits.id, depositId));
    expect(row?.providerReference).toBe(`pi_overtaking_${depositId}`);
    expect(await balancesOf(t.database.db, user.userId)).toMatchObject({ unsettled: 2100 });
  });
});

describe('concurrent charges of one saved-method deposit', () => {
  /** A card provider that counts the charges asked of it and answers a moment later, as a real one does. */
  function countingProvider() {
    const charges: TSavedMethodChargeRequest[] = [];
    const provider: PaymentProvider = {
      method: 'card',
      createCheckout: () => Promise.reject(new Error('no checkout for a saved card')),
      verifyWebhook: () => {
        throw new Error('not used');
      },
      async chargeSavedMethod(request) {
        charges.push(request);
        await new Promise((resolve) => setTimeout(resolve, 20));
        return { providerReference: `pi_counted_${request.depositId}` };
      },
    };
    return { provider, charges };
  }

  it('asks the provider once among 10 simultaneous calls, and the webhook credits once (10 rounds)', async () => {
    const user = await activeUser();
    const cardId = await saveCard(user.accessToken, '4242424242424242');
    for (let round = 0; round < 10; round += 1) {
      const now = t.clock.now();
      const depositId = await inTransaction(t.database.db, (tx) =>
        recordDeposit(tx, { payments: t.deps.config.payments, now }, user.userId, {
          method: 'card',
          amount: { amount: 1000, currency: 'USD' },
          paymentMethodId: cardId,
        }),
      );
      const { provider, charges } = countingProvider();
      const answers = await Promise.all(
        Array.from({ length: 10 }, () =>
          chargeSavedPaymentMethod({ db: t.database.db, clock: t.clock, provider }, user.userId, depositId),
        ),
      );
      expect(charges.map((charge) => charge.depositId)).toEqual([depositId]);
      // Each caller answers the deposit as it stands: charged, or being charged by another.
      expect(answers).toEqual(Array(10).fill({ depositId, checkoutUrl: null, status: 'pending' }));

      const delivered = await deliverWebhook(
        JSON.stringify({
          id: `evt_counted_${depositId}`,
          type: 'payment.succeeded',
          data: { providerReference: `pi_counted_${depositId}`, depositId, amount: 1000, currency: 'USD' },
        }),
      );
      expect(delivered.statusCode).toBe(200);
      expect((await settledDeposit(user.accessToken, depositId)).status).toBe('succeeded');
      expect(await eventsOf(depositId)).toHaveLength(1);
    }
    expect(await balancesOf(t.database.db, user.userId)).toMatchObject({ unsettled: 10_000 });
    expect(await ledgerInvariantViolations(t.database.db)).toEqual(noViolations);
  });
});

describe('a saved-method charge whose outcome the provider call did not tell', () => {
  /**
   * A card provider that charges and then loses its answer (a timeout after the charge went through), or that
   * declines outright, as Stripe answers a declined off-session charge with HTTP 402.
   */
  function providerThat(outcome: 'charges then times out' | 'declines') {
    const charged: string[] = [];
    const provider: PaymentProvider = {
      method: 'card',
      createCheckout: () => Promise.reject(new Error('no checkout for a saved card')),
      verifyWebhook: () => {
        throw new Error('not used');
      },
      async chargeSavedMethod(request) {
        if (outcome === 'declines') {
          throw new PaymentRefusedError('card_declined', 'Stripe answered 402 (card_error, card_declined)');
        }
        charged.push(request.depositId);
        throw new Error('Stripe: no answer within 10000 ms');
      },
    };
    return { provider, charged };
  }

  async function savedCardDeposit(userId: string, cardId: string, amount: number) {
    const now = t.clock.now();
    return inTransaction(t.database.db, (tx) =>
      recordDeposit(tx, { payments: t.deps.config.payments, now }, userId, {
        method: 'card',
        amount: { amount, currency: 'USD' },
        paymentMethodId: cardId,
      }),
    );
  }

  it('stays pending (being confirmed), and the payment.succeeded that follows credits it once', async () => {
    const user = await activeUser();
    const cardId = await saveCard(user.accessToken, '4242424242424242');
    const depositId = await savedCardDeposit(user.userId, cardId, 2700);
    const { provider, charged } = providerThat('charges then times out');

    const answer = await chargeSavedPaymentMethod(
      { db: t.database.db, clock: t.clock, provider },
      user.userId,
      depositId,
    );
    expect(charged).toEqual([depositId]);
    // Not a failure: the money may have been taken, so the person is told it is being confirmed.
    expect(answer).toEqual({ depositId, checkoutUrl: null, status: 'pending' });
    expect(await getDepositStatus(user.accessToken, depositId)).toMatchObject({
      status: 'pending',
      failureReason: null,
    });

    const event = JSON.stringify({
      id: `evt_after_timeout_${depositId}`,
      type: 'payment.succeeded',
      data: { providerReference: `pi_after_timeout_${depositId}`, depositId, amount: 2700, currency: 'USD' },
    });
    expect((await deliverWebhook(event)).statusCode).toBe(200);
    expect((await deliverWebhook(event)).statusCode).toBe(200);
    expect(await settledDeposit(user.accessToken, depositId)).toMatchObject({ status: 'succeeded' });
    const events = await eventsOf(depositId);
    expect(events).toHaveLength(1);
    expect(events[0]?.reviewReason).toBeNull();
    expect(await balancesOf(t.database.db, user.userId)).toMatchObject({ unsettled: 2700 });
    expect(await ledgerInvariantViolations(t.database.db)).toEqual(noViolations);
  });

  it('a clear decline still fails the deposit, with the provider’s reason, and credits nothing', async () => {
    const user = await activeUser();
    const cardId = await saveCard(user.accessToken, '4242424242424242');
    const depositId = await savedCardDeposit(user.userId, cardId, 1900);
    const { provider } = providerThat('declines');

    const answer = await chargeSavedPaymentMethod(
      { db: t.database.db, clock: t.clock, provider },
      user.userId,
      depositId,
    );
    expect(answer).toEqual({ depositId, checkoutUrl: null, status: 'failed' });
    expect(await getDepositStatus(user.accessToken, depositId)).toMatchObject({
      status: 'failed',
      failureReason: 'card_declined',
    });
    expect((await balancesOf(t.database.db, user.userId)).unsettled ?? 0).toBe(0);
  });
});

async function getDepositStatus(accessToken: string, depositId: string) {
  const response = await t.app.inject({
    method: 'GET',
    url: `/v1/deposits/${depositId}`,
    headers: bearer(accessToken),
  });
  expect(response.statusCode).toBe(200);
  return response.json().data;
}
