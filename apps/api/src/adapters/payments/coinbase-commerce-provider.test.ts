import { createHmac } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { controllableClock } from '../../lib/clock.ts';
import { providerStandIn, type TStandInAnswer } from '../../testing/provider-stand-in.ts';
import type { TCheckoutRequest } from './payment-provider.ts';
import { COINBASE_SIGNATURE_HEADER, coinbaseCommerceProvider } from './coinbase-commerce-provider.ts';

const API_KEY = 'cc_stand_in_api_key';
const WEBHOOK_SECRET = 'cc_stand_in_webhook_secret';
const clock = controllableClock('2026-11-22T08:00:00.000Z');
const charge = {
  data: {
    id: 'f1c1e6d2-8d6a-4a8e-9d43-7c0a1b2c3d4e',
    code: 'XA6G6ZFR',
    hosted_url: 'https://commerce.coinbase.com/pay/f1c1e6d2-8d6a-4a8e-9d43-7c0a1b2c3d4e',
    expires_at: '2026-11-22T09:00:00Z',
  },
};

let answer: TStandInAnswer = { status: 201, body: charge };
const standIn = await providerStandIn(() => answer);
afterAll(() => standIn.close());

function provider() {
  return coinbaseCommerceProvider(
    { apiKey: API_KEY, webhookSecret: WEBHOOK_SECRET, apiBase: standIn.baseUrl, timeoutMs: 300 },
    { clock },
  );
}

const request: TCheckoutRequest = {
  depositId: '01a20244-e800-7000-8000-000000000002',
  amount: 1205,
  currency: 'USD',
  method: 'crypto',
  returnUrl: 'https://cypher.test/payment?deposit=01a20244-e800-7000-8000-000000000002',
};

describe('Coinbase Commerce charge', () => {
  it('posts a fixed-price USD charge with the API key and version, and maps the answer', async () => {
    answer = { status: 201, body: charge };
    expect(await provider().createCheckout(request)).toEqual({
      providerReference: charge.data.id,
      checkoutUrl: charge.data.hosted_url,
      expiresAt: new Date('2026-11-22T09:00:00Z'),
    });
    const sent = standIn.received.at(-1)!;
    expect(sent.method).toBe('POST');
    expect(sent.path).toBe('/charges');
    expect(sent.headers['x-cc-api-key']).toBe(API_KEY);
    expect(sent.headers['x-cc-version']).toBe('2018-03-22');
    expect(sent.headers['content-type']).toBe('application/json');
    expect(JSON.parse(sent.body)).toEqual({
      name: 'Add funds',
      description: `Deposit ${request.depositId}`,
      pricing_type: 'fixed_price',
      local_price: { amount: '12.05', currency: 'USD' },
      metadata: { deposit_id: request.depositId },
      redirect_url: request.returnUrl,
      cancel_url: request.returnUrl,
    });
  });

  it('throws on a provider 500 without the key', async () => {
    answer = { status: 500, body: { error: { type: 'internal_server_error', message: 'oops' } } };
    const failure = provider().createCheckout(request);
    await expect(failure).rejects.toThrow('Coinbase Commerce answered 500 (internal_server_error)');
    await expect(failure).rejects.not.toThrow(API_KEY);
  });

  it('throws when Coinbase does not answer in time', async () => {
    answer = 'hang';
    await expect(provider().createCheckout(request)).rejects.toThrow('Coinbase Commerce: no answer within 300 ms');
  });
});

function coinbaseWebhook(
  type: string,
  options: {
    timeline?: Array<{ status: string; context?: string }>;
    at?: Date;
    createdAt?: Date;
    amount?: string;
  } = {},
) {
  const at = (options.at ?? clock.now()).toISOString();
  const createdAt = (options.createdAt ?? options.at ?? clock.now()).toISOString();
  return JSON.stringify({
    attempt_number: 1,
    id: 'delivery-1',
    scheduled_for: at,
    event: {
      id: `event-${type}`,
      resource: 'event',
      type,
      api_version: '2018-03-22',
      created_at: createdAt,
      data: {
        id: charge.data.id,
        code: charge.data.code,
        pricing: { local: { amount: options.amount ?? '12.05', currency: 'USD' } },
        timeline: options.timeline ?? [{ status: 'NEW', time: at }],
        metadata: { deposit_id: request.depositId },
      },
    },
  });
}

const sign = (body: string, secret = WEBHOOK_SECRET) => createHmac('sha256', secret).update(body).digest('hex');
const verify = (body: string, signature: string) =>
  provider().verifyWebhook(Buffer.from(body), { [COINBASE_SIGNATURE_HEADER]: signature });

describe('Coinbase Commerce webhooks', () => {
  it.each([
    ['charge:confirmed', [{ status: 'COMPLETED' }], 'payment.succeeded', {}],
    [
      'charge:resolved',
      [{ status: 'UNRESOLVED', context: 'OVERPAID' }, { status: 'RESOLVED' }],
      'payment.succeeded',
      {},
    ],
    ['charge:failed', [{ status: 'NEW' }, { status: 'EXPIRED' }], 'payment.expired', {}],
    [
      'charge:failed',
      [{ status: 'PENDING' }, { status: 'UNRESOLVED', context: 'UNDERPAID' }],
      'payment.failed',
      { failureReason: 'underpaid' },
    ],
  ])('%s (timeline %j) becomes %s', (type, timeline, expected, extra) => {
    const body = coinbaseWebhook(type, { timeline });
    expect(verify(body, sign(body))).toEqual({
      id: `event-${type}`,
      type: expected,
      data: {
        providerReference: charge.data.id,
        depositId: request.depositId,
        amount: 1205,
        currency: 'USD',
        paymentMethod: 'Crypto',
        ...extra,
      },
    });
  });

  it.each(['charge:pending', 'charge:created', 'charge:delayed'])('ignores %s', (type) => {
    const body = coinbaseWebhook(type);
    expect(verify(body, sign(body))).toEqual({ ignored: true, id: `event-${type}`, type });
  });

  it.each([
    ['a forged signature', (body: string) => [body, sign(body, 'someone-else')]],
    ['one changed byte', (body: string) => [body.replace('12.05', '12.06'), sign(body)]],
    ['no signature', (body: string) => [body, '']],
  ])('refuses %s with WEBHOOK_SIGNATURE_INVALID', (_name, tamper) => {
    const [body, signature] = tamper(coinbaseWebhook('charge:confirmed'));
    expect(() => verify(body!, signature!)).toThrow(expect.objectContaining({ code: 'WEBHOOK_SIGNATURE_INVALID' }));
  });

  it("accepts Coinbase's retry hours later: each delivery is scheduled and signed anew", () => {
    const body = coinbaseWebhook('charge:confirmed', { createdAt: new Date(clock.now().getTime() - 3 * 3_600_000) });
    expect(verify(body, sign(body))).toMatchObject({ type: 'payment.succeeded' });
  });

  it('refuses a correctly signed webhook more than five minutes old (no timestamp header to bound replays)', () => {
    const body = coinbaseWebhook('charge:confirmed', { at: new Date(clock.now().getTime() - 301_000) });
    expect(() => verify(body, sign(body))).toThrow(expect.objectContaining({ code: 'WEBHOOK_SIGNATURE_INVALID' }));
  });
});
