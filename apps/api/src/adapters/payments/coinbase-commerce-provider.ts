import { z } from 'zod';
import { AppError } from '../../http/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { ZPaymentEvent, type PaymentProvider, type TIgnoredWebhook, type TPaymentEvent } from './payment-provider.ts';
import { dateFrom, depositIdFrom, postToProvider, PROVIDER_TIMEOUT_MS } from './provider-http.ts';
import {
  assertFresh,
  headerValue,
  parseJsonBody,
  parseWebhookEvent,
  verifyBodySignature,
} from './webhook-signature.ts';

export interface CoinbaseCommerceOptions {
  apiKey: string;
  webhookSecret: string;
  /** https://api.commerce.coinbase.com in production; a local stand-in in tests. */
  apiBase: string;
  timeoutMs?: number;
}

export const COINBASE_SIGNATURE_HEADER = 'x-cc-webhook-signature';
const COINBASE_API_VERSION = '2018-03-22';

const ZCharge = z.object({
  data: z.object({
    id: z.string().min(1).max(200),
    code: z.string().optional(),
    hosted_url: z.url(),
    expires_at: z.string(),
  }),
});

const ZWebhook = z.object({
  id: z.string().optional(),
  scheduled_for: z.string().optional(),
  event: z.object({
    id: z.string().min(1).max(200),
    type: z.string(),
    created_at: z.string(),
    data: z.object({
      id: z.string().min(1).max(200),
      pricing: z
        .object({ local: z.object({ amount: z.string(), currency: z.string() }) })
        .partial()
        .optional(),
      timeline: z.array(z.object({ status: z.string(), context: z.string().optional() })).optional(),
      metadata: z.record(z.string(), z.unknown()).nullish(),
    }),
  }),
});

/** Cents as Coinbase's decimal string ("25.00"); and back, refusing anything that is not whole cents. */
function centsToDecimal(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

function decimalToCents(amount: string | undefined): number | undefined {
  const match = amount ? /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(amount) : null;
  if (!match) return undefined;
  return Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0'));
}

/**
 * Crypto deposits through a Coinbase Commerce charge (the sandbox stands in for this outside production).
 * Coinbase takes no idempotency key: create-deposit calls this once per deposit (only while it is `created`), so a
 * repeat can only come from a race that its state transition already settles.
 */
export function coinbaseCommerceProvider(
  options: CoinbaseCommerceOptions,
  deps: { clock: Clock },
  fetchImpl: typeof fetch = fetch,
): PaymentProvider {
  const apiBase = options.apiBase.replace(/\/$/, '');
  return {
    method: 'crypto',
    async createCheckout(request) {
      const answer = await postToProvider({
        provider: 'Coinbase Commerce',
        url: `${apiBase}/charges`,
        headers: {
          'content-type': 'application/json',
          'x-cc-api-key': options.apiKey,
          'x-cc-version': COINBASE_API_VERSION,
        },
        body: JSON.stringify({
          name: 'Add funds',
          description: `Deposit ${request.depositId}`,
          pricing_type: 'fixed_price',
          local_price: { amount: centsToDecimal(request.amount), currency: request.currency },
          metadata: { deposit_id: request.depositId },
          redirect_url: request.returnUrl,
          cancel_url: request.returnUrl,
        }),
        timeoutMs: options.timeoutMs ?? PROVIDER_TIMEOUT_MS,
        fetchImpl,
      });
      const charge = ZCharge.safeParse(answer);
      const expiresAt = charge.success ? dateFrom(charge.data.data.expires_at) : null;
      if (!charge.success || !expiresAt)
        throw new Error('Coinbase Commerce answered a charge without id, hosted_url or expires_at');
      return { providerReference: charge.data.data.id, checkoutUrl: charge.data.data.hosted_url, expiresAt };
    },
    verifyWebhook(rawBody, headers) {
      verifyBodySignature(options.webhookSecret, rawBody, headerValue(headers, COINBASE_SIGNATURE_HEADER));
      const parsed = ZWebhook.safeParse(parseJsonBody(rawBody));
      if (!parsed.success) throw new AppError('INVALID_REQUEST');
      // Coinbase signs the body but sends no timestamp header, so a captured webhook would verify forever. The
      // window is therefore kept on the signed body's own time: the delivery's scheduled_for where present (each
      // retry, up to three days on, is scheduled and signed anew, so retries still pass), else the event's
      // created_at. Replays inside the window are caught by the event id's uniqueness.
      const signedAt = dateFrom(parsed.data.scheduled_for ?? parsed.data.event.created_at);
      if (!signedAt) throw new AppError('WEBHOOK_SIGNATURE_INVALID');
      assertFresh(deps.clock, Math.floor(signedAt.getTime() / 1000));
      return paymentEventOf(parsed.data.event);
    },
  };
}

function paymentEventOf(event: z.infer<typeof ZWebhook>['event']): TPaymentEvent | TIgnoredWebhook {
  const charge = event.data;
  const statuses = (charge.timeline ?? []).map((entry) => entry.status.toUpperCase());
  const last = charge.timeline?.at(-1);
  let type: TPaymentEvent['type'] | undefined;
  if (event.type === 'charge:confirmed' || event.type === 'charge:resolved') type = 'payment.succeeded';
  // charge:failed covers both a charge that timed out unpaid (timeline EXPIRED) and one paid wrongly.
  if (event.type === 'charge:failed') type = statuses.includes('EXPIRED') ? 'payment.expired' : 'payment.failed';
  const currency = charge.pricing?.local?.currency;
  if (!type || (currency && currency !== 'USD')) return { ignored: true, id: event.id, type: event.type };
  const failureReason = last?.context ? last.context.toLowerCase() : 'charge_failed';
  const depositId = depositIdFrom(charge.metadata?.deposit_id);
  return parseWebhookEvent(ZPaymentEvent, {
    id: event.id,
    type,
    data: {
      providerReference: charge.id,
      ...(depositId ? { depositId } : {}),
      amount: decimalToCents(charge.pricing?.local?.amount),
      currency: 'USD',
      paymentMethod: 'Crypto',
      ...(type === 'payment.failed' ? { failureReason } : {}),
    },
  });
}
