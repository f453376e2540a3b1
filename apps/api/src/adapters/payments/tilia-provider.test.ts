import { afterAll, describe, expect, it } from 'vitest';
import { controllableClock } from '../../lib/clock.ts';
import { providerStandIn, type TRecordedRequest, type TStandInAnswer } from '../../testing/provider-stand-in.ts';
import { signWebhook, type TCheckoutRequest } from './payment-provider.ts';
import { TILIA_SIGNATURE_HEADER, tiliaProvider } from './tilia-provider.ts';

const CLIENT_ID = '3f2bfe5b-19b8-41c1-88d7-70a1586bce94';
const CLIENT_SECRET = '9bc00ca4-937e-4946-bdb5-0814b603334d';
const WEBHOOK_SECRET = 'tilia_stand_in_webhook_secret';
const clock = controllableClock('2026-11-22T08:00:00.000Z');
const authorized = {
  status: 'Success',
  message: [],
  codes: [],
  payload: {
    nonce_auth_id: 'c287608d-d77c-4d64-8cc0-b81fbe8add00',
    authorized_invoice_id: 'a8611571-a5d6-4bc4-9047-9722fa1f8fc2',
    redirect: 'https://web.tilia-inc.com/ui/appauth/c287608d-d77c-4d64-8cc0-b81fbe8add00',
  },
};

let invoiceAnswer: TStandInAnswer = { status: 200, body: authorized };
const standIn = await providerStandIn((request) =>
  request.path === '/token'
    ? { status: 200, body: { access_token: 'tilia-access-token', token_type: 'Bearer', expires_in: 3600 } }
    : invoiceAnswer,
);
afterAll(() => standIn.close());

function provider() {
  return tiliaProvider(
    {
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      webhookSecret: WEBHOOK_SECRET,
      authBase: standIn.baseUrl,
      apiBase: standIn.baseUrl,
      timeoutMs: 300,
    },
    { clock },
  );
}

const request: TCheckoutRequest = {
  depositId: '01a20244-e800-7000-8000-000000000003',
  amount: 5000,
  currency: 'USD',
  method: 'tilia',
  returnUrl: 'https://cypher.test/payment?deposit=01a20244-e800-7000-8000-000000000003',
};

const sentTo = (path: string): TRecordedRequest[] => standIn.received.filter((sent) => sent.path === path);

describe('Tilia hosted checkout', () => {
  it('takes a client-credentials token, then authorizes a tilia_hosted invoice with it, and maps the redirect', async () => {
    invoiceAnswer = { status: 200, body: authorized };
    const tilia = provider();
    expect(await tilia.createCheckout(request)).toEqual({
      providerReference: request.depositId,
      checkoutUrl: authorized.payload.redirect,
      expiresAt: new Date('2026-11-22T08:30:00.000Z'),
    });
    const [token] = sentTo('/token');
    expect(token?.method).toBe('POST');
    expect(token?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(token?.body))).toEqual({
      client_id: CLIENT_ID,
      client_secret: CLIENT_SECRET,
      grant_type: 'client_credentials',
      scope: 'write_invoices',
    });
    const invoice = sentTo('/v2/authorize/invoice').at(-1)!;
    expect(invoice.method).toBe('POST');
    expect(invoice.headers.authorization).toBe('Bearer tilia-access-token');
    expect(JSON.parse(invoice.body)).toEqual({
      is_escrow: false,
      invoice_mechanism: 'tilia_hosted',
      reference_type: 'deposit_id',
      reference_id: request.depositId,
      description: 'Add funds',
      line_items: [
        {
          description: 'Add funds',
          product_sku: 'wallet-deposit',
          transaction_type: 'user_to_integrator',
          currency: 'USD',
          amount: 5000,
          reference_type: 'deposit_id',
          reference_id: request.depositId,
        },
      ],
      metadata: { deposit_id: request.depositId, return_url: request.returnUrl },
    });

    // The token is kept until shortly before it expires.
    await tilia.createCheckout(request);
    expect(sentTo('/token')).toHaveLength(1);
    clock.advance(3_600_000);
    await tilia.createCheckout(request);
    expect(sentTo('/token')).toHaveLength(2);
  });

  it('throws on a provider 500 without the client secret', async () => {
    invoiceAnswer = { status: 500, body: { status: 'Failure', message: ['service unavailable'] } };
    const failure = provider().createCheckout(request);
    await expect(failure).rejects.toThrow('Tilia answered 500');
    await expect(failure).rejects.not.toThrow(CLIENT_SECRET);
  });

  it('throws when Tilia does not answer in time', async () => {
    invoiceAnswer = 'hang';
    await expect(provider().createCheckout(request)).rejects.toThrow('Tilia: no answer within 300 ms');
  });
});

function invoiceCompleted(state: string, extra: Record<string, unknown> = {}) {
  return JSON.stringify({
    event_name: 'invoice-completed',
    message: {
      invoice_id: '65d6c272-d593-405d-986c-a70b587e281f',
      invoice_type: 'user_purchase',
      account_id: 'b2ba9a0f-3d75-44e0-968d-be299cda5d80',
      reference_type: 'deposit_id',
      reference_id: request.depositId,
      state,
      line_items: [{ amount: 5000, currency: 'USD', transaction_type: 'user_to_integrator' }],
      ...extra,
    },
  });
}

const verify = (body: string, signature: string) =>
  provider().verifyWebhook(Buffer.from(body), { [TILIA_SIGNATURE_HEADER]: signature });
const signed = (body: string, at = clock.now()) => signWebhook(WEBHOOK_SECRET, body, at);

describe('Tilia webhooks', () => {
  it.each([
    ['SUCCESS', {}, 'payment.succeeded', {}],
    ['FAILED', { failure_code: 'generic_error' }, 'payment.failed', { failureReason: 'generic_error' }],
    ['CANCELED', {}, 'payment.failed', { failureReason: 'canceled' }],
  ])('an invoice-completed in state %s becomes %s', (state, extra, expected, reason) => {
    const body = invoiceCompleted(state, extra);
    expect(verify(body, signed(body))).toEqual({
      id: `65d6c272-d593-405d-986c-a70b587e281f:${state}`,
      type: expected,
      data: {
        providerReference: request.depositId,
        depositId: request.depositId,
        amount: 5000,
        currency: 'USD',
        paymentMethod: 'Tilia',
        ...reason,
      },
    });
  });

  it('reads the invoice from a message sent as a JSON string too', () => {
    const { message } = JSON.parse(invoiceCompleted('SUCCESS'));
    const asString = JSON.stringify({ event_name: 'invoice-completed', message: JSON.stringify(message) });
    expect(verify(asString, signed(asString))).toMatchObject({ type: 'payment.succeeded' });
  });

  it.each([
    ['a refund', invoiceCompleted('SUCCESS', { invoice_type: 'refund_invoice' })],
    ['an invoice still processing', invoiceCompleted('PROCESSING')],
    ['another event', invoiceCompleted('SUCCESS').replace('invoice-completed', 'payout-complete')],
  ])('ignores %s', (_name, body) => {
    expect(verify(body, signed(body))).toMatchObject({ ignored: true });
  });

  it.each([
    ['a forged signature', (body: string) => [body, signWebhook('someone-else', body, clock.now())]],
    ['a stale timestamp', (body: string) => [body, signed(body, new Date(clock.now().getTime() - 301_000))]],
    ['one changed byte', (body: string) => [body.replace('5000', '5001'), signed(body)]],
  ])('refuses %s with WEBHOOK_SIGNATURE_INVALID', (_name, tamper) => {
    const [body, signature] = tamper(invoiceCompleted('SUCCESS'));
    expect(() => verify(body!, signature!)).toThrow(expect.objectContaining({ code: 'WEBHOOK_SIGNATURE_INVALID' }));
  });
});
