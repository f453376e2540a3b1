import { createHmac } from 'node:crypto';
import { z } from 'zod';
import { storableText } from '../../http/storable-text.ts';
import type { Clock } from '../../lib/clock.ts';
import { WEBHOOK_SIGNATURE_HEADER } from '../payments/payment-provider.ts';
import {
  headerValue,
  parseJsonBody,
  parseWebhookEvent,
  verifyTimestampedSignature,
  type TWebhookHeaders,
} from '../payments/webhook-signature.ts';

interface TVerificationRequest {
  /** Our attempt's id: the provider's idempotency key (a repeated call for it answers the same session). */
  verificationId: string;
  userId: string;
  /** Where the provider sends the person back once they have uploaded their ID. */
  returnUrl: string;
}

interface TVerificationSession {
  providerReference: string;
  /** The provider's hosted page where the person uploads their ID. */
  verificationUrl: string;
}

const identityEventTypes = ['identity.verified', 'identity.failed'] as const;

/** What every identity provider's webhook is turned into once verified. */
const ZIdentityEvent = z.object({
  id: storableText(z.string().min(1).max(200)),
  type: z.enum(identityEventTypes),
  data: z.object({
    providerReference: storableText(z.string().min(1).max(200)),
    failureReason: storableText(z.string().max(200)).optional(),
  }),
});
export type TIdentityEvent = z.infer<typeof ZIdentityEvent>;

/**
 * The port an identity-verification (KYC) provider sits behind, sandbox or real. createVerification is an outside
 * call: never inside a database transaction (house rule 7). Only the sandbox exists so far: in production, without a
 * real adapter, there is no provider and starting a verification answers IDENTITY_PROVIDER_UNAVAILABLE (502).
 */
export interface IdentityProvider {
  createVerification(request: TVerificationRequest): Promise<TVerificationSession>;
  verifyWebhook(rawBody: Buffer, headers: TWebhookHeaders): TIdentityEvent;
}

/** The sandbox's webhook secret: derived from AUTH_SECRET, apart from the payments one (no setting needed). */
export function identityWebhookSecretFor(authSecret: string): string {
  return createHmac('sha256', authSecret).update('identity-webhook-secret').digest('hex');
}

/** The shared timestamped HMAC check over the raw bytes (payments' helper), then the body as an identity event. */
export function verifySignedIdentityWebhook(
  secret: string,
  clock: Clock,
  rawBody: Buffer,
  headers: TWebhookHeaders,
): TIdentityEvent {
  verifyTimestampedSignature(secret, clock, rawBody, headerValue(headers, WEBHOOK_SIGNATURE_HEADER));
  return parseWebhookEvent(ZIdentityEvent, parseJsonBody(rawBody));
}
