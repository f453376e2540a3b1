import { z } from 'zod';
import { AppError } from '../../http/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { ZPaymentEvent, type PaymentProvider, type TIgnoredWebhook, type TPaymentEvent } from './payment-provider.ts';
import { depositIdFrom, postToProvider, PROVIDER_TIMEOUT_MS } from './provider-http.ts';
import { headerValue, parseJsonBody, parseWebhookEvent, verifyTimestampedSignature } from './webhook-signature.ts';

export interface TiliaOptions {
  clientId: string;
  clientSecret: string;
  webhookSecret: string;
  /** https://auth.tilia-inc.com in production (auth.staging.tilia-inc.com for staging); a stand-in in tests. */
  authBase: string;
  /** https://invoicing.tilia-inc.com in production; a stand-in in tests. */
  apiBase: string;
  timeoutMs?: number;
}

/** Assumed (see below): Tilia's documentation does not say how webhooks are signed. */
export const TILIA_SIGNATURE_HEADER = 'x-tilia-signature';
/** Assumed: the documentation gives the hosted checkout link no lifetime. */
const TILIA_CHECKOUT_TTL_MS = 30 * 60 * 1000;
/** Renew the access token this long before Tilia says it expires. */
const TOKEN_MARGIN_MS = 60 * 1000;

const ZToken = z.object({ access_token: z.string().min(1), expires_in: z.number().positive() });
const ZAuthorizedInvoice = z.object({
  payload: z.object({ authorized_invoice_id: z.string().min(1), redirect: z.url() }),
});
const ZInvoice = z.object({
  invoice_id: z.string().min(1).max(200),
  invoice_type: z.string().optional(),
  reference_id: z.string().min(1).max(200),
  state: z.string(),
  failure_code: z.string().optional(),
  line_items: z.array(z.object({ amount: z.number().int(), currency: z.string() })).default([]),
});
const ZNotification = z.object({
  event_name: z.string().optional(),
  // The invoice itself; accepted as an object or as the JSON string of one.
  message: z.union([z.string(), z.record(z.string(), z.unknown())]),
});

/**
 * Tilia deposits through Tilia Hosted Checkout (the sandbox stands in for this outside production).
 *
 * From Tilia's documentation (tilia.io/docs: Authentication, Quickstart, Tilia Hosted Checkout, Authorize invoice,
 * Webhooks, Invoice completed):
 * - an access token from POST {auth}/token, form-encoded client_id, client_secret, grant_type=client_credentials and
 *   scope, answering access_token and expires_in (seconds; an hour); sent as `Authorization: Bearer`;
 * - the checkout from POST {invoicing}/v2/authorize/invoice with invoice_mechanism `tilia_hosted`, is_escrow false,
 *   reference_type / reference_id (our deposit id) and line_items of transaction_type `user_to_integrator` with
 *   currency and amount; it answers `payload.authorized_invoice_id` and `payload.redirect`, the hosted page;
 * - completion arrives as the `invoice-completed` webhook whose `message` is the invoice: invoice_id, invoice_type
 *   (user_purchase for a purchase), reference_id as we sent it, state (OPEN, PROCESSING, SUCCESS, FAILED,
 *   CANCELED), failure_code, line_items.
 *
 * Assumptions, where the public documentation is not enough to be exact:
 * - scope `write_invoices` (the name in Tilia's sample token; the Hosted Checkout page says `write_invoice`);
 * - line item amounts are minor units (cents), as in the documented samples (integers such as 155);
 * - account_id: Authorize invoice requires the buyer's Tilia account id, and people here have no linked Tilia
 *   account yet (the port carries no payer), so none is sent; Tilia may refuse, which fails the deposit with
 *   PAYMENT_PROVIDER_UNAVAILABLE until accounts are linked;
 * - the deposit is matched by reference_id (documented to come back in the webhook) rather than invoice_id, since
 *   the docs do not say whether the paid invoice keeps the authorized invoice's id; providerReference is therefore
 *   the deposit id;
 * - the link lives 30 minutes (TILIA_CHECKOUT_TTL_MS);
 * - webhook signing: the docs name an "Authentication Type" per webhook destination without describing it, so the
 *   webhook must carry `X-Tilia-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` with
 *   TILIA_WEBHOOK_SECRET (our signed-webhook scheme, with its five-minute window), e.g. through a signing proxy;
 * - the event id is `<invoice_id>:<state>`: the envelope's own id is undocumented, and one invoice reaches each
 *   final state once.
 */
export function tiliaProvider(
  options: TiliaOptions,
  deps: { clock: Clock },
  fetchImpl: typeof fetch = fetch,
): PaymentProvider {
  const authBase = options.authBase.replace(/\/$/, '');
  const apiBase = options.apiBase.replace(/\/$/, '');
  const timeoutMs = options.timeoutMs ?? PROVIDER_TIMEOUT_MS;
  let cached: { token: string; renewAt: number } | null = null;

  async function accessToken(): Promise<string> {
    const now = deps.clock.now().getTime();
    if (cached && now < cached.renewAt) return cached.token;
    const answer = await postToProvider({
      provider: 'Tilia auth',
      url: `${authBase}/token`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        client_id: options.clientId,
        client_secret: options.clientSecret,
        grant_type: 'client_credentials',
        scope: 'write_invoices',
      }),
      timeoutMs,
      fetchImpl,
    });
    const token = ZToken.safeParse(answer);
    if (!token.success) throw new Error('Tilia auth answered without access_token');
    cached = { token: token.data.access_token, renewAt: now + token.data.expires_in * 1000 - TOKEN_MARGIN_MS };
    return cached.token;
  }

  return {
    method: 'tilia',
    async createCheckout(request) {
      const answer = await postToProvider({
        provider: 'Tilia',
        url: `${apiBase}/v2/authorize/invoice`,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${await accessToken()}` },
        body: JSON.stringify({
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
              currency: request.currency,
              amount: request.amount,
              reference_type: 'deposit_id',
              reference_id: request.depositId,
            },
          ],
          metadata: { deposit_id: request.depositId, return_url: request.returnUrl },
        }),
        timeoutMs,
        fetchImpl,
      });
      const invoice = ZAuthorizedInvoice.safeParse(answer);
      if (!invoice.success) throw new Error('Tilia answered an authorized invoice without a redirect');
      return {
        providerReference: request.depositId,
        checkoutUrl: invoice.data.payload.redirect,
        expiresAt: new Date(deps.clock.now().getTime() + TILIA_CHECKOUT_TTL_MS),
      };
    },
    verifyWebhook(rawBody, headers) {
      verifyTimestampedSignature(
        options.webhookSecret,
        deps.clock,
        rawBody,
        headerValue(headers, TILIA_SIGNATURE_HEADER),
      );
      const notification = ZNotification.safeParse(parseJsonBody(rawBody));
      if (!notification.success) throw new AppError('INVALID_REQUEST');
      const { event_name: eventName, message } = notification.data;
      const invoice = ZInvoice.safeParse(typeof message === 'string' ? parseJsonBody(Buffer.from(message)) : message);
      if (!invoice.success) throw new AppError('INVALID_REQUEST');
      return paymentEventOf(eventName ?? 'invoice-completed', invoice.data);
    },
  };
}

const stateTypes: Record<string, TPaymentEvent['type']> = {
  SUCCESS: 'payment.succeeded',
  FAILED: 'payment.failed',
  CANCELED: 'payment.failed',
};

function paymentEventOf(eventName: string, invoice: z.infer<typeof ZInvoice>): TPaymentEvent | TIgnoredWebhook {
  const id = `${invoice.invoice_id}:${invoice.state}`;
  const type = stateTypes[invoice.state];
  // Refunds also arrive as invoice-completed, with their own invoice types: only a purchase is a deposit.
  const isPurchase = (invoice.invoice_type ?? 'user_purchase') === 'user_purchase';
  if (eventName !== 'invoice-completed' || !isPurchase || !type) return { ignored: true, id, type: eventName };
  const usdItems = invoice.line_items.filter((item) => item.currency.toUpperCase() === 'USD');
  const failureReason = invoice.state === 'CANCELED' ? 'canceled' : (invoice.failure_code ?? 'payment_failed');
  const depositId = depositIdFrom(invoice.reference_id);
  return parseWebhookEvent(ZPaymentEvent, {
    id,
    type,
    data: {
      providerReference: invoice.reference_id,
      ...(depositId ? { depositId } : {}),
      amount: usdItems.reduce((sum, item) => sum + item.amount, 0),
      currency: 'USD',
      paymentMethod: 'Tilia',
      ...(type === 'payment.failed' ? { failureReason: failureReason.slice(0, 200) } : {}),
    },
  });
}
