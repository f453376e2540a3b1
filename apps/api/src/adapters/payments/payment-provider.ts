import { createHmac } from 'node:crypto';
import { z } from 'zod';
import type { TDepositMethod } from '@cypher/contract';
import { storableText } from '../../http/storable-text.ts';
import type { Clock } from '../../lib/clock.ts';
import { headerValue, parseJsonBody, parseWebhookEvent, verifyTimestampedSignature } from './webhook-signature.ts';

export interface TCheckoutRequest {
  depositId: string;
  /** Minor units. */
  amount: number;
  currency: 'USD';
  method: TDepositMethod;
  /** Where the provider sends the person back after paying (or not). */
  returnUrl: string;
}

interface TCheckout {
  providerReference: string;
  checkoutUrl: string;
  expiresAt: Date;
}

const paymentEventTypes = ['payment.succeeded', 'payment.failed', 'payment.expired'] as const;

/** What every provider's webhook is turned into once verified. */
export const ZPaymentEvent = z.object({
  id: storableText(z.string().min(1).max(200)),
  type: z.enum(paymentEventTypes),
  data: z.object({
    providerReference: storableText(z.string().min(1).max(200)),
    /**
     * Our deposit id when the provider echoes it back (Stripe metadata, a charge's reference): an event that overtakes
     * the provider call's own answer (so before providerReference is recorded) still finds its deposit.
     */
    depositId: z.uuid().optional(),
    amount: z.number().int().positive(),
    currency: z.literal('USD'),
    /** Shown on the receipt, for example "Visa •••• 4242". */
    paymentMethod: storableText(z.string().max(100)).optional(),
    failureReason: storableText(z.string().max(200)).optional(),
  }),
});
export type TPaymentEvent = z.infer<typeof ZPaymentEvent>;

/**
 * A verified webhook of a kind deposits do not act on (another Stripe event, a pending crypto charge): answered 200
 * so the provider stops retrying, and applied nowhere.
 */
export interface TIgnoredWebhook {
  ignored: true;
  id: string;
  type: string;
}

/**
 * A charge of a method the person saved earlier (a card, a Tilia payment method): no checkout page, the provider
 * charges the saved method and reports the outcome later by the same signed webhook as a checkout's.
 */
export interface TSavedMethodChargeRequest {
  depositId: string;
  /** Minor units. */
  amount: number;
  currency: 'USD';
  method: TDepositMethod;
  /** The provider's token of the saved card or Tilia payment method (never a card number). */
  paymentMethodToken: string;
}

interface TSavedMethodCharge {
  /** The charge's id at the provider: the webhook's `providerReference`. */
  providerReference: string;
}

/**
 * What a provider call throws when the provider answered and refused (a declined card): nothing was charged, so the
 * deposit may fail at once, with `reason` as its failureReason. Any other error (a timeout, no connection, a 5xx, an
 * answer we could not read) leaves the outcome unknown: the provider may have charged, and its webhook will say.
 */
export class PaymentRefusedError extends Error {
  constructor(
    /** The provider's plain code, for example `card_declined` or `insufficient_funds`. */
    readonly reason: string,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'PaymentRefusedError';
  }
}

/**
 * The port every payment provider (card, crypto, Tilia; sandbox or real) sits behind. createCheckout is an outside
 * call: never inside a database transaction (house rule 7). It is keyed by depositId, so calling it twice for the
 * same deposit gives the same checkout.
 */
export interface PaymentProvider {
  method: TDepositMethod;
  createCheckout(request: TCheckoutRequest): Promise<TCheckout>;
  /**
   * Charges a saved method, also an outside call after the intent committed (rule 7) and keyed by depositId: a repeat
   * for the same deposit answers the same charge and never charges again (a provider idempotency key). It answers
   * once the provider accepted the charge; the outcome arrives asynchronously as payment.succeeded or payment.failed
   * for the returned providerReference. A clear refusal throws PaymentRefusedError; any other throw means the outcome
   * is unknown (the charge may have gone through). Providers without saved methods (crypto) leave it out.
   */
  chargeSavedMethod?(request: TSavedMethodChargeRequest): Promise<TSavedMethodCharge>;
  verifyWebhook(
    rawBody: Buffer,
    headers: Record<string, string | string[] | undefined>,
  ): TPaymentEvent | TIgnoredWebhook;
}

export const WEBHOOK_SIGNATURE_HEADER = 'x-webhook-signature';

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`, the Stripe-style signature header. */
export function signWebhook(secret: string, rawBody: Buffer | string, at: Date): string {
  const timestamp = Math.floor(at.getTime() / 1000);
  const signature = createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

/**
 * Verifies the signature header over the raw bytes (one changed byte fails), within five minutes of the clock
 * either way (a captured webhook cannot be replayed later), comparing in constant time. Any failure is
 * WEBHOOK_SIGNATURE_INVALID; the body is parsed only after the signature holds.
 */
export function verifySignedWebhook(
  secret: string,
  clock: Clock,
  rawBody: Buffer,
  headers: Record<string, string | string[] | undefined>,
): TPaymentEvent {
  verifyTimestampedSignature(secret, clock, rawBody, headerValue(headers, WEBHOOK_SIGNATURE_HEADER));
  return parseWebhookEvent(ZPaymentEvent, parseJsonBody(rawBody));
}
