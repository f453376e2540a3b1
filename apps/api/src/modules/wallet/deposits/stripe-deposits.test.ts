import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { signWebhook } from '../../../adapters/payments/payment-provider.ts';
import { STRIPE_SIGNATURE_HEADER } from '../../../adapters/payments/stripe-provider.ts';
import { activeUser, bearer } from '../../../testing/auth-helpers.ts';
import { providerStandIn } from '../../../testing/provider-stand-in.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { balancesOf, ledgerInvariantViolations, noViolations } from '../../../testing/wallet-helpers.ts';
import { deposits, paymentEvents } from './deposits.tables.ts';

// The real Stripe adapter inside the real app, with Stripe itself replaced by a stand-in on loopback.
const WEBHOOK_SECRET = 'whsec_end_to_end_secret';
let stripeAnswers = true;
/** Holds Stripe's answer to a saved-card charge while the test sends more requests: a provider still working. */
let chargeAnswered: Promise<void> = Promise.resolve();
const stripe = await providerStandIn(async (request) => {
  if (!stripeAnswers) return { status: 500, body: { error: { type: 'api_error' } } };
  if (request.path === '/v1/payment_intents') {
    await chargeAnswered;
    const depositId = new URLSearchParams(request.body).get('metadata[deposit_id]');
    return { status: 200, body: { id: `pi_test_${depositId}`, object: 'payment_intent', status: 'processing' } };
  }
  const depositId = new URLSearchParams(request.body).get('client_reference_id');
  return {
    status: 200,
    body: {
      id: `cs_test_${depositId}`,
      object: 'checkout.session',
      url: `https://checkout.stripe.com/c/pay/cs_test_${depositId}`,
      expires_at: Math.floor(Date.now() / 1000) + 3600,
    },
  };
});
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    env: {
      PUBLIC_URL: 'http://cypher.test',
      STRIPE_SECRET_KEY: 'sk_test_end_to_end',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: stripe.baseUrl,
    },
  });
});
afterAll(async () => {
  await t.close();
  await stripe.close();
});

async function createCardDeposit(accessToken: string, amount: number) {
  return t.app.inject({
    method: 'POST',
    url: '/v1/deposits',
    headers: { ...bearer(accessToken), 'idempotency-key': `stripe-${amount}-${accessToken.slice(-12)}` },
    payload: { method: 'card', amount: { amount, currency: 'USD' } },
  });
}

function stripeWebhook(rawBody: string) {
  return t.app.inject({
    method: 'POST',
    url: '/v1/webhooks/card',
    headers: {
      'content-type': 'application/json',
      [STRIPE_SIGNATURE_HEADER]: signWebhook(WEBHOOK_SECRET, rawBody, t.clock.now()),
    },
    payload: rawBody,
  });
}

const chargesSent = () => stripe.received.filter((request) => request.path === '/v1/payment_intents');

async function until(isDone: () => boolean) {
  for (let attempt = 0; attempt < 400 && !isDone(); attempt += 1)
    await new Promise((resolve) => setTimeout(resolve, 5));
}

describe('card deposits through Stripe', () => {
  it('opens a Stripe Checkout Session, and its signed completion credits the balance once, replays included', async () => {
    stripeAnswers = true;
    const user = await activeUser(t);
    const created = await createCardDeposit(user.accessToken, 2500);
    expect(created.statusCode).toBe(201);
    const { depositId, checkoutUrl, status } = created.json().data;
    expect(status).toBe('pending');
    expect(checkoutUrl).toBe(`https://checkout.stripe.com/c/pay/cs_test_${depositId}`);
    const sent = stripe.received.at(-1)!;
    expect(sent.path).toBe('/v1/checkout/sessions');
    expect(sent.headers['idempotency-key']).toBe(`deposit-${depositId}`);
    expect(new URLSearchParams(sent.body).get('success_url')).toBe(`http://cypher.test/payment?deposit=${depositId}`);

    const completed = JSON.stringify({
      id: `evt_completed_${depositId}`,
      object: 'event',
      type: 'checkout.session.completed',
      data: {
        object: {
          id: `cs_test_${depositId}`,
          object: 'checkout.session',
          amount_total: 2500,
          currency: 'usd',
          payment_status: 'paid',
          client_reference_id: depositId,
        },
      },
    });
    const first = await stripeWebhook(completed);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ data: { received: true } });
    const replayed = await stripeWebhook(completed);
    expect(replayed.statusCode).toBe(200);

    const [row] = await t.database.db.select().from(deposits).where(eq(deposits.id, depositId));
    expect(row?.status).toBe('succeeded');
    expect(await balancesOf(t.database.db, row!.userId)).toMatchObject({ unsettled: 2500 });
    const events = await t.database.db.select().from(paymentEvents).where(eq(paymentEvents.depositId, depositId));
    expect(events).toHaveLength(1);
    expect(await ledgerInvariantViolations(t.database.db)).toEqual(noViolations);
  });

  it('answers 200 to a Stripe event deposits do not use, and changes nothing', async () => {
    const body = JSON.stringify({ id: 'evt_customer', type: 'customer.created', data: { object: { id: 'cus_1' } } });
    const response = await stripeWebhook(body);
    expect(response.statusCode).toBe(200);
    expect(await t.database.db.select().from(paymentEvents).where(eq(paymentEvents.eventId, 'evt_customer'))).toEqual(
      [],
    );
  });

  it('refuses a Stripe-Signature made with another secret', async () => {
    const body = JSON.stringify({ id: 'evt_x', type: 'checkout.session.completed', data: { object: { id: 'cs_x' } } });
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/webhooks/card',
      headers: {
        'content-type': 'application/json',
        [STRIPE_SIGNATURE_HEADER]: signWebhook('whsec_other', body, t.clock.now()),
      },
      payload: body,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('WEBHOOK_SIGNATURE_INVALID');
  });

  it('marks the deposit failed and answers 502 PAYMENT_PROVIDER_UNAVAILABLE when Stripe answers 500', async () => {
    stripeAnswers = false;
    const user = await activeUser(t);
    const response = await createCardDeposit(user.accessToken, 3000);
    expect(response.statusCode).toBe(502);
    expect(response.json().code).toBe('PAYMENT_PROVIDER_UNAVAILABLE');
    const rows = await t.database.db.select().from(deposits).where(eq(deposits.amount, 3000));
    expect(rows.map((row) => [row.status, row.failureReason])).toEqual([['failed', 'provider_unavailable']]);
  });
});

describe('a saved card charged through Stripe', () => {
  it('is charged by one request only while replays of it arrive (client retries): one charge, one credit', async () => {
    stripeAnswers = true;
    const user = await activeUser(t);
    const me = await t.app.inject({ method: 'GET', url: '/v1/users/my', headers: bearer(user.accessToken) });
    const userId = me.json().data.id as string;
    const card = await t.app.inject({
      method: 'POST',
      url: '/v1/cards',
      headers: bearer(user.accessToken),
      payload: { nameOnCard: 'Ada Lovelace', cardNumber: '4242424242424242', expMonth: 12, expYear: 2039 },
    });
    const deposit = () =>
      t.app.inject({
        method: 'POST',
        url: '/v1/deposits',
        headers: { ...bearer(user.accessToken), 'idempotency-key': `saved-card-retries-${userId}` },
        payload: { method: 'card', amount: { amount: 4200, currency: 'USD' }, paymentMethodId: card.json().data.id },
      });
    const chargesBefore = chargesSent().length;
    let answerCharge = () => {};
    chargeAnswered = new Promise((resolve) => (answerCharge = resolve));

    // The first request has recorded the intent and is waiting for Stripe when the retries come in.
    const first = deposit();
    await until(() => chargesSent().length > chargesBefore);
    const retries = Array.from({ length: 5 }, () => deposit());
    const settled = Promise.all(retries);
    let isSettled = false;
    void settled.then(() => (isSettled = true));
    await until(() => isSettled || chargesSent().length > chargesBefore + 1);
    answerCharge();
    const [firstAnswer, ...retryAnswers] = await Promise.all([first, ...retries]);

    expect(chargesSent().length - chargesBefore).toBe(1);
    expect(firstAnswer.statusCode).toBe(201);
    const { depositId } = firstAnswer.json().data;
    expect(firstAnswer.json().data).toEqual({ depositId, checkoutUrl: null, status: 'pending' });
    // The retries answer the intent as it stands: the same deposit, being charged (poll GET /v1/deposits/:id).
    for (const answer of retryAnswers) {
      expect(answer.statusCode).toBe(201);
      expect(answer.json().data).toEqual({ depositId, checkoutUrl: null, status: 'pending' });
    }

    const succeeded = JSON.stringify({
      id: `evt_pi_succeeded_${depositId}`,
      object: 'event',
      type: 'payment_intent.succeeded',
      data: {
        object: {
          id: `pi_test_${depositId}`,
          object: 'payment_intent',
          amount: 4200,
          currency: 'usd',
          status: 'succeeded',
          metadata: { deposit_id: depositId, charge: 'saved_method' },
        },
      },
    });
    expect((await stripeWebhook(succeeded)).statusCode).toBe(200);
    expect((await stripeWebhook(succeeded)).statusCode).toBe(200);
    const [row] = await t.database.db.select().from(deposits).where(eq(deposits.id, depositId));
    expect(row).toMatchObject({ status: 'succeeded', providerReference: `pi_test_${depositId}` });
    expect(await balancesOf(t.database.db, userId)).toMatchObject({ unsettled: 4200 });
    expect(await ledgerInvariantViolations(t.database.db)).toEqual(noViolations);
  });
});
