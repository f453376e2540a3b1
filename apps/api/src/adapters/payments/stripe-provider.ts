import Stripe from 'stripe';
import { z } from 'zod';
import { AppError } from '../../http/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import {
  PaymentRefusedError,
  ZPaymentEvent,
  type PaymentProvider,
  type TIgnoredWebhook,
  type TPaymentEvent,
} from './payment-provider.ts';
import { dateFrom, depositIdFrom, PROVIDER_TIMEOUT_MS } from './provider-http.ts';
import { headerValue, parseWebhookEvent, WEBHOOK_TOLERANCE_SECONDS } from './webhook-signature.ts';

export interface StripeOptions {
  secretKey: string;
  webhookSecret: string;
  /** https://api.stripe.com in production; a local stand-in in tests (scheme, host and port only). */
  apiBase: string;
  /** Per attempt. */
  timeoutMs?: number;
  maxNetworkRetries?: number;
}

/**
 * The API version every request sends, pinned so a Stripe account upgrade or an SDK update never changes the shapes
 * we read unnoticed; the SDK's types describe this version, so moving it is a deliberate change with the SDK's major.
 */
const STRIPE_API_VERSION = '2026-10-28.endive';

/**
 * One retry (after half a second) covers a dropped connection or a Stripe 5xx; it reuses the request's
 * Idempotency-Key, so it can never open a second session or charge twice. With the per-attempt timeout that keeps a
 * failing checkout under about 21 seconds.
 */
const STRIPE_MAX_NETWORK_RETRIES = 1;

export const STRIPE_SIGNATURE_HEADER = 'stripe-signature';
/** Stripe accepts 30 minutes to 24 hours; an hour leaves time to pay without holding deposits open for a day. */
const STRIPE_CHECKOUT_TTL_MS = 60 * 60 * 1000;

const ZSession = z.object({
  id: z.string().min(1).max(200),
  url: z.url(),
  expires_at: z.number().int().positive(),
});

const ZPaymentIntent = z.object({ id: z.string().min(1).max(200), status: z.string() });

/** A Checkout Session or a PaymentIntent: the fields of either that the events below read. */
const ZEvent = z.object({
  id: z.string().min(1).max(200),
  type: z.string(),
  data: z.object({
    object: z.object({
      id: z.string().min(1).max(200),
      amount_total: z.number().int().nullish(),
      amount: z.number().int().nullish(),
      currency: z.string().nullish(),
      payment_status: z.string().nullish(),
      client_reference_id: z.string().nullish(),
      metadata: z.record(z.string(), z.string()).nullish(),
      last_payment_error: z.object({ code: z.string().nullish(), decline_code: z.string().nullish() }).nullish(),
    }),
  }),
});

/**
 * Marks the PaymentIntents chargeSavedMethod makes. Checkout makes PaymentIntents too, and there a declined card
 * may be retried on the same page: its payment_intent.payment_failed must not fail the deposit, so only ours count.
 */
const SAVED_METHOD_CHARGE = 'saved_method';

/**
 * The saved method's token: a PaymentMethod id (`pm_…`), or `cus_…/pm_…` when it is attached to a Customer (Stripe
 * then needs both). How cards get saved at Stripe (a SetupIntent) is not built yet: this format is our assumption.
 */
function savedMethodOf(token: string): { customer?: string; paymentMethod: string } {
  const [first, second] = token.split('/', 2);
  return second ? { customer: first, paymentMethod: second } : { paymentMethod: token };
}

/**
 * The time the expiry counts from: the deposit id's own (UUID v7 carries its creation time in its first 48 bits),
 * so a repeated call for the same deposit sends the same parameters. Stripe refuses an Idempotency-Key reused with
 * other parameters; with these, a repeat answers the first session.
 */
function createdAtOf(depositId: string, clock: Clock): number {
  const hex = depositId.replace(/-/g, '');
  if (/^[0-9a-f]{32}$/i.test(hex) && hex[12] === '7') return Number.parseInt(hex.slice(0, 12), 16);
  return clock.now().getTime();
}

/**
 * Card deposits through Stripe Checkout (ports and adapters: the sandbox stands in for this outside production), with
 * the official SDK. createCheckout opens a Checkout Session keyed by the deposit: the Idempotency-Key `deposit-<id>`
 * makes a repeat answer the same session. verifyWebhook checks the Stripe-Signature header (the SDK's
 * constructEvent) and turns the Checkout Session events (and the PaymentIntent events of chargeSavedMethod's
 * charges) into the port's events; the rest are ignored.
 */
export function stripeProvider(options: StripeOptions, deps: { clock: Clock }): PaymentProvider {
  const timeoutMs = options.timeoutMs ?? PROVIDER_TIMEOUT_MS;
  const stripe = new Stripe(options.secretKey, {
    apiVersion: STRIPE_API_VERSION,
    maxNetworkRetries: options.maxNetworkRetries ?? STRIPE_MAX_NETWORK_RETRIES,
    timeout: timeoutMs,
    ...serverOf(options.apiBase),
  });
  const call = async <T>(request: () => Promise<T>): Promise<T> => {
    try {
      return await request();
    } catch (error) {
      const refusal = refusalReasonOf(error);
      if (refusal) throw new PaymentRefusedError(refusal, describeFailure(error, timeoutMs), { cause: error });
      throw new Error(describeFailure(error, timeoutMs), { cause: error });
    }
  };
  return {
    method: 'card',
    async createCheckout(request) {
      const expiresAt = Math.floor((createdAtOf(request.depositId, deps.clock) + STRIPE_CHECKOUT_TTL_MS) / 1000);
      const answer = await call(() =>
        stripe.checkout.sessions.create(
          {
            mode: 'payment',
            line_items: [
              {
                quantity: 1,
                price_data: { currency: 'usd', unit_amount: request.amount, product_data: { name: 'Add funds' } },
              },
            ],
            client_reference_id: request.depositId,
            metadata: { deposit_id: request.depositId },
            payment_intent_data: { metadata: { deposit_id: request.depositId } },
            success_url: request.returnUrl,
            cancel_url: request.returnUrl,
            expires_at: expiresAt,
          },
          { idempotencyKey: `deposit-${request.depositId}` },
        ),
      );
      const session = ZSession.safeParse(answer);
      if (!session.success) throw new Error('Stripe answered a Checkout Session without id, url or expires_at');
      return {
        providerReference: session.data.id,
        checkoutUrl: session.data.url,
        expiresAt: dateFrom(session.data.expires_at)!,
      };
    },
    /**
     * An off-session PaymentIntent confirmed at once. Its own Idempotency-Key per deposit (a key is bound to one
     * endpoint and its parameters), so a repeat answers the same PaymentIntent and never charges twice. A decline
     * comes back as HTTP 402 and throws PaymentRefusedError with its decline code; Stripe also reports it as
     * payment_intent.payment_failed. A timeout or a 5xx throws a plain error: the charge may have gone through.
     */
    async chargeSavedMethod(request) {
      const { customer, paymentMethod } = savedMethodOf(request.paymentMethodToken);
      const answer = await call(() =>
        stripe.paymentIntents.create(
          {
            amount: request.amount,
            currency: 'usd',
            ...(customer ? { customer } : {}),
            payment_method: paymentMethod,
            confirm: true,
            off_session: true,
            metadata: { deposit_id: request.depositId, charge: SAVED_METHOD_CHARGE },
          },
          { idempotencyKey: `deposit-${request.depositId}-saved-method` },
        ),
      );
      const intent = ZPaymentIntent.safeParse(answer);
      if (!intent.success) throw new Error('Stripe answered a PaymentIntent without id or status');
      return { providerReference: intent.data.id };
    },
    verifyWebhook(rawBody, headers) {
      const signature = headerValue(headers, STRIPE_SIGNATURE_HEADER);
      if (!signature) throw new AppError('WEBHOOK_SIGNATURE_INVALID');
      let event: unknown;
      try {
        // Over the raw bytes, against our clock (so tests can move it), refusing a signature older than the window.
        event = stripe.webhooks.constructEvent(
          rawBody,
          signature,
          options.webhookSecret,
          WEBHOOK_TOLERANCE_SECONDS,
          undefined,
          deps.clock.now().getTime(),
        );
      } catch (error) {
        if (error instanceof Stripe.errors.StripeSignatureVerificationError) {
          throw new AppError('WEBHOOK_SIGNATURE_INVALID');
        }
        // Signed, but not a JSON event.
        throw new AppError('INVALID_REQUEST');
      }
      const parsed = ZEvent.safeParse(event);
      if (!parsed.success) throw new AppError('INVALID_REQUEST');
      return paymentEventOf(parsed.data);
    },
  };
}

/** The SDK's host, port and protocol options from STRIPE_API_BASE (the SDK adds the /v1/ paths itself). */
function serverOf(apiBase: string): { host: string; port: number; protocol: 'http' | 'https' } {
  const url = new URL(apiBase);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: Number(url.port) || (protocol === 'http' ? 80 : 443), protocol };
}

/**
 * What a failed call says: the status and Stripe's own error type and code, or that it did not answer in time. Never
 * the request (it holds the key) nor Stripe's message (it may echo what was sent).
 */
function describeFailure(error: unknown, timeoutMs: number): string {
  if (!(error instanceof Stripe.errors.StripeError)) return 'Stripe: unreachable';
  if (error instanceof Stripe.errors.StripeConnectionError) {
    const detail = error.detail as { code?: unknown } | undefined;
    return detail?.code === 'ETIMEDOUT' ? `Stripe: no answer within ${timeoutMs} ms` : 'Stripe: unreachable';
  }
  const parts = [error.rawType, error.code].filter((part): part is string => typeof part === 'string');
  const codes = parts.length ? ` (${parts.join(', ').slice(0, 100)})` : '';
  return error.statusCode ? `Stripe answered ${error.statusCode}${codes}` : `Stripe failed${codes}`;
}

/**
 * The failureReason of an answer that refused the request, so nothing was charged or opened: a 4xx (a declined card
 * is a 402 card_error, named by its decline code). Null when the outcome is unknown: no answer, a 5xx, or a 409 (a
 * request with the same Idempotency-Key is still in flight, and may yet charge).
 */
function refusalReasonOf(error: unknown): string | null {
  if (!(error instanceof Stripe.errors.StripeError) || !error.statusCode) return null;
  if (error.statusCode < 400 || error.statusCode >= 500 || error.statusCode === 409) return null;
  if (error instanceof Stripe.errors.StripeCardError) return error.decline_code ?? error.code ?? 'card_declined';
  return 'provider_unavailable';
}

const eventTypes: Record<string, TPaymentEvent['type']> = {
  'checkout.session.async_payment_succeeded': 'payment.succeeded',
  'checkout.session.async_payment_failed': 'payment.failed',
  'checkout.session.expired': 'payment.expired',
  'payment_intent.succeeded': 'payment.succeeded',
  'payment_intent.payment_failed': 'payment.failed',
};

function typeOf(event: z.infer<typeof ZEvent>): TPaymentEvent['type'] | undefined {
  const object = event.data.object;
  // Completed is paid only for card-like methods; a bank debit completes unpaid and pays later (async_payment_*).
  if (event.type === 'checkout.session.completed')
    return object.payment_status === 'paid' ? 'payment.succeeded' : undefined;
  if (event.type.startsWith('payment_intent.') && object.metadata?.charge !== SAVED_METHOD_CHARGE) return undefined;
  return eventTypes[event.type];
}

function paymentEventOf(event: z.infer<typeof ZEvent>): TPaymentEvent | TIgnoredWebhook {
  const object = event.data.object;
  const type = typeOf(event);
  if (!type || object.currency !== 'usd') return { ignored: true, id: event.id, type: event.type };
  const isSession = event.type.startsWith('checkout.session.');
  const error = object.last_payment_error;
  const failureReason = isSession ? 'async_payment_failed' : (error?.decline_code ?? error?.code ?? 'payment_failed');
  const depositId = depositIdFrom(object.metadata?.deposit_id ?? object.client_reference_id);
  return parseWebhookEvent(ZPaymentEvent, {
    id: event.id,
    type,
    data: {
      providerReference: object.id,
      ...(depositId ? { depositId } : {}),
      amount: isSession ? object.amount_total : object.amount,
      currency: 'USD',
      ...(type === 'payment.failed' ? { failureReason } : {}),
    },
  });
}
