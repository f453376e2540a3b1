import { afterAll, describe, expect, it } from 'vitest';
import { controllableClock } from '../../lib/clock.ts';
import { providerStandIn, type TStandInAnswer } from '../../testing/provider-stand-in.ts';
import { PaymentRefusedError, signWebhook, type TCheckoutRequest } from './payment-provider.ts';
import { STRIPE_SIGNATURE_HEADER, stripeProvider } from './stripe-provider.ts';

const SECRET_KEY = 'sk_test_stand_in_key';
const WEBHOOK_SECRET = 'whsec_stand_in_secret';
// A UUID v7 minted at 2026-11-22T08:00:00.000Z (0x01a20244e800 ms).
const DEPOSIT_ID = '01a20244-e800-7000-8000-000000000001';
const clock = controllableClock('2026-11-22T08:00:05.000Z');
const session = { id: 'cs_test_a1', url: 'https://checkout.stripe.com/c/pay/cs_test_a1', expires_at: 1_795_334_400 };

let answer: TStandInAnswer = { status: 200, body: session };
const standIn = await providerStandIn(() => answer);
afterAll(() => standIn.close());

function provider() {
  return stripeProvider(
    { secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, apiBase: standIn.baseUrl, timeoutMs: 300 },
    { clock },
  );
}

const request: TCheckoutRequest = {
  depositId: DEPOSIT_ID,
  amount: 2500,
  currency: 'USD',
  method: 'card',
  returnUrl: `https://cypher.test/payment?deposit=${DEPOSIT_ID}`,
};

describe('Stripe Checkout Session', () => {
  it('posts the form-encoded session with the secret key and the deposit as Idempotency-Key, and maps the answer', async () => {
    answer = { status: 200, body: session };
    const checkout = await provider().createCheckout(request);
    expect(checkout).toEqual({
      providerReference: 'cs_test_a1',
      checkoutUrl: 'https://checkout.stripe.com/c/pay/cs_test_a1',
      expiresAt: new Date(1_795_334_400 * 1000),
    });
    const sent = standIn.received.at(-1)!;
    expect(sent.method).toBe('POST');
    expect(sent.path).toBe('/v1/checkout/sessions');
    expect(sent.headers.authorization).toBe(`Bearer ${SECRET_KEY}`);
    expect(sent.headers['idempotency-key']).toBe(`deposit-${DEPOSIT_ID}`);
    expect(sent.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(sent.headers['stripe-version']).toBe('2026-10-28.endive');
    expect(Object.fromEntries(new URLSearchParams(sent.body))).toEqual({
      mode: 'payment',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][unit_amount]': '2500',
      'line_items[0][price_data][product_data][name]': 'Add funds',
      client_reference_id: DEPOSIT_ID,
      'metadata[deposit_id]': DEPOSIT_ID,
      'payment_intent_data[metadata][deposit_id]': DEPOSIT_ID,
      success_url: request.returnUrl,
      cancel_url: request.returnUrl,
      // One hour after the deposit id's own time: 2026-11-22T09:00:00Z.
      expires_at: String(Date.parse('2026-11-22T09:00:00.000Z') / 1000),
    });
  });

  it('sends the very same request when called again later for the same deposit (so Stripe answers the same session)', async () => {
    answer = { status: 200, body: session };
    await provider().createCheckout(request);
    clock.advance(90_000);
    await provider().createCheckout(request);
    const [first, second] = standIn.received.slice(-2);
    expect(second!.body).toBe(first!.body);
    expect(second!.headers['idempotency-key']).toBe(first!.headers['idempotency-key']);
  });

  it('throws on a provider 500 after one retry with the same Idempotency-Key, naming Stripe and its error code but not the key', async () => {
    answer = { status: 500, body: { error: { type: 'api_error', message: 'Something went wrong' } } };
    const before = standIn.received.length;
    const failure = provider().createCheckout(request);
    await expect(failure).rejects.toThrow('Stripe answered 500 (api_error)');
    await expect(failure).rejects.not.toThrow(SECRET_KEY);
    const attempts = standIn.received.slice(before);
    expect(attempts.map((attempt) => attempt.headers['idempotency-key'])).toEqual([
      `deposit-${DEPOSIT_ID}`,
      `deposit-${DEPOSIT_ID}`,
    ]);
    expect(attempts[1]!.body).toBe(attempts[0]!.body);
  });

  it('throws when Stripe does not answer in time (each attempt)', async () => {
    answer = 'hang';
    const before = standIn.received.length;
    await expect(provider().createCheckout(request)).rejects.toThrow('Stripe: no answer within 300 ms');
    expect(standIn.received.length - before).toBe(2);
  });

  it('throws when the answer is not a session', async () => {
    answer = { status: 200, body: { id: 'cs_test_a1' } };
    await expect(provider().createCheckout(request)).rejects.toThrow(/without id, url or expires_at/);
  });
});

describe('Stripe charge of a saved card', () => {
  const savedRequest = { depositId: DEPOSIT_ID, amount: 4000, currency: 'USD' as const, method: 'card' as const };

  it('confirms an off-session PaymentIntent for the customer and payment method, keyed by the deposit', async () => {
    answer = { status: 200, body: { id: 'pi_test_1', object: 'payment_intent', status: 'processing' } };
    const charge = await provider().chargeSavedMethod!({ ...savedRequest, paymentMethodToken: 'cus_test_1/pm_test_1' });
    expect(charge).toEqual({ providerReference: 'pi_test_1' });
    const sent = standIn.received.at(-1)!;
    expect(sent.path).toBe('/v1/payment_intents');
    expect(sent.headers.authorization).toBe(`Bearer ${SECRET_KEY}`);
    expect(sent.headers['idempotency-key']).toBe(`deposit-${DEPOSIT_ID}-saved-method`);
    expect(Object.fromEntries(new URLSearchParams(sent.body))).toEqual({
      amount: '4000',
      currency: 'usd',
      customer: 'cus_test_1',
      payment_method: 'pm_test_1',
      confirm: 'true',
      off_session: 'true',
      'metadata[deposit_id]': DEPOSIT_ID,
      'metadata[charge]': 'saved_method',
    });
  });

  it('sends no customer for a bare PaymentMethod token', async () => {
    answer = { status: 200, body: { id: 'pi_test_2', status: 'succeeded' } };
    await provider().chargeSavedMethod!({ ...savedRequest, paymentMethodToken: 'pm_test_2' });
    const form = new URLSearchParams(standIn.received.at(-1)!.body);
    expect([form.get('customer'), form.get('payment_method')]).toEqual([null, 'pm_test_2']);
  });

  it('throws a refusal on a decline (402), with its decline code as the reason', async () => {
    answer = {
      status: 402,
      body: { error: { type: 'card_error', code: 'card_declined', decline_code: 'do_not_honor' } },
    };
    const before = standIn.received.length;
    const charging = provider().chargeSavedMethod!({ ...savedRequest, paymentMethodToken: 'pm_test_3' });
    await expect(charging).rejects.toThrow('Stripe answered 402 (card_error, card_declined)');
    await expect(charging).rejects.toBeInstanceOf(PaymentRefusedError);
    await expect(charging).rejects.toMatchObject({ reason: 'do_not_honor' });
    // A decline is an answer, not a failure to reach Stripe: it is not retried.
    expect(standIn.received.length - before).toBe(1);
  });

  it('throws no refusal when the outcome is unknown (a 5xx): the charge may have gone through', async () => {
    answer = { status: 500, body: { error: { type: 'api_error' } } };
    const charging = provider().chargeSavedMethod!({ ...savedRequest, paymentMethodToken: 'pm_test_4' });
    await expect(charging).rejects.toThrow('Stripe answered 500 (api_error)');
    await expect(charging).rejects.not.toBeInstanceOf(PaymentRefusedError);
  });
});

function paymentIntentEvent(type: string, object: Record<string, unknown>, id: string) {
  return JSON.stringify({
    id,
    object: 'event',
    type,
    data: { object: { id: 'pi_test_1', object: 'payment_intent', amount: 4000, currency: 'usd', ...object } },
  });
}

function stripeEvent(type: string, object: Record<string, unknown>, id = 'evt_1') {
  return JSON.stringify({
    id,
    object: 'event',
    type,
    data: {
      object: {
        id: 'cs_test_a1',
        object: 'checkout.session',
        amount_total: 2500,
        currency: 'usd',
        client_reference_id: DEPOSIT_ID,
        metadata: { deposit_id: DEPOSIT_ID },
        ...object,
      },
    },
  });
}

function verify(rawBody: string, signature: string) {
  return provider().verifyWebhook(Buffer.from(rawBody), { [STRIPE_SIGNATURE_HEADER]: signature });
}

describe('Stripe webhooks', () => {
  const signed = (body: string, at = clock.now()) => signWebhook(WEBHOOK_SECRET, body, at);

  it.each([
    ['checkout.session.completed', { payment_status: 'paid' }, 'payment.succeeded'],
    ['checkout.session.async_payment_succeeded', { payment_status: 'paid' }, 'payment.succeeded'],
    ['checkout.session.async_payment_failed', { payment_status: 'unpaid' }, 'payment.failed'],
    ['checkout.session.expired', { payment_status: 'unpaid', status: 'expired' }, 'payment.expired'],
  ])('%s becomes %s', (type, object, expected) => {
    const body = stripeEvent(type, object, `evt_${type}`);
    expect(verify(body, signed(body))).toEqual({
      id: `evt_${type}`,
      type: expected,
      data: {
        providerReference: 'cs_test_a1',
        depositId: DEPOSIT_ID,
        amount: 2500,
        currency: 'USD',
        ...(expected === 'payment.failed' ? { failureReason: 'async_payment_failed' } : {}),
      },
    });
  });

  it.each([
    [
      'a completed session still unpaid (a bank debit on its way)',
      'checkout.session.completed',
      { payment_status: 'unpaid' },
    ],
    ['an event deposits do not use', 'customer.created', {}],
    ['a session in another currency', 'checkout.session.completed', { payment_status: 'paid', currency: 'eur' }],
  ])('ignores %s', (_name, type, object) => {
    const body = stripeEvent(type, object, 'evt_other');
    expect(verify(body, signed(body))).toEqual({ ignored: true, id: 'evt_other', type });
  });

  it('payment_intent.succeeded of a saved-card charge becomes payment.succeeded', () => {
    const metadata = { deposit_id: DEPOSIT_ID, charge: 'saved_method' };
    const body = paymentIntentEvent('payment_intent.succeeded', { status: 'succeeded', metadata }, 'evt_pi_ok');
    expect(verify(body, signed(body))).toEqual({
      id: 'evt_pi_ok',
      type: 'payment.succeeded',
      data: { providerReference: 'pi_test_1', depositId: DEPOSIT_ID, amount: 4000, currency: 'USD' },
    });
  });

  it('payment_intent.payment_failed of a saved-card charge becomes payment.failed with the decline code', () => {
    const body = paymentIntentEvent(
      'payment_intent.payment_failed',
      {
        status: 'requires_payment_method',
        metadata: { deposit_id: DEPOSIT_ID, charge: 'saved_method' },
        last_payment_error: { code: 'card_declined', decline_code: 'insufficient_funds' },
      },
      'evt_pi_failed',
    );
    expect(verify(body, signed(body))).toMatchObject({
      type: 'payment.failed',
      data: { providerReference: 'pi_test_1', failureReason: 'insufficient_funds' },
    });
  });

  it("ignores a Checkout payment's own PaymentIntent events (the person may still retry on the page)", () => {
    const metadata = { deposit_id: DEPOSIT_ID };
    const body = paymentIntentEvent('payment_intent.payment_failed', { metadata }, 'evt_pi_checkout');
    expect(verify(body, signed(body))).toEqual({
      ignored: true,
      id: 'evt_pi_checkout',
      type: 'payment_intent.payment_failed',
    });
  });

  it.each([
    ['a forged signature', (body: string) => [body, signWebhook('whsec_forger', body, clock.now())]],
    ['a stale timestamp', (body: string) => [body, signed(body, new Date(clock.now().getTime() - 301_000))]],
    ['one changed byte', (body: string) => [body.replace('2500', '2501'), signed(body)]],
    ['no header', (body: string) => [body, '']],
    ['a header without a v1 signature', (body: string) => [body, signed(body).replace('v1=', 'v0=')]],
  ])('refuses %s with WEBHOOK_SIGNATURE_INVALID', (_name, tamper) => {
    const [body, signature] = tamper(stripeEvent('checkout.session.completed', { payment_status: 'paid' }));
    expect(() => verify(body!, signature!)).toThrow(expect.objectContaining({ code: 'WEBHOOK_SIGNATURE_INVALID' }));
  });

  it('accepts a signature just inside the five-minute window', () => {
    const body = stripeEvent('checkout.session.completed', { payment_status: 'paid' }, 'evt_late');
    expect(verify(body, signed(body, new Date(clock.now().getTime() - 299_000)))).toMatchObject({ id: 'evt_late' });
  });

  it('refuses a signed body that is not a JSON event with INVALID_REQUEST', () => {
    expect(() => verify('not json', signed('not json'))).toThrow(expect.objectContaining({ code: 'INVALID_REQUEST' }));
  });

  it('refuses an event id the database cannot keep (a NUL character) with INVALID_REQUEST naming the id', () => {
    const body = stripeEvent('checkout.session.completed', { payment_status: 'paid' }, 'evt_\u0000nul');
    expect(() => verify(body, signed(body))).toThrow(
      expect.objectContaining({ code: 'INVALID_REQUEST', details: [expect.objectContaining({ field: 'id' })] }),
    );
  });
});
