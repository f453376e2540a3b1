import { createHash } from 'node:crypto';
import type { Clock } from '../../lib/clock.ts';
import { verifySignedWebhook, type PaymentProvider } from './payment-provider.ts';

export const CARD_SANDBOX_CHECKOUT_TTL_MS = 30 * 60 * 1000;

/**
 * The card provider when no real one is configured (outside production): the checkout page is served by this API
 * at /dev/payments/card/checkout/:reference, and paying there signs and delivers a webhook through the same
 * verification as a real provider's.
 */
export function cardSandbox(deps: { publicUrl: string; webhookSecret: string; clock: Clock }): PaymentProvider {
  return {
    method: 'card',
    async createCheckout(request) {
      // Deterministic per deposit: a second call for the same deposit gives the same checkout.
      const providerReference = `cs_sandbox_${createHash('sha256').update(request.depositId).digest('hex').slice(0, 24)}`;
      return {
        providerReference,
        checkoutUrl: `${deps.publicUrl}/dev/payments/card/checkout/${providerReference}`,
        expiresAt: new Date(deps.clock.now().getTime() + CARD_SANDBOX_CHECKOUT_TTL_MS),
      };
    },
    verifyWebhook(rawBody, headers) {
      return verifySignedWebhook(deps.webhookSecret, deps.clock, rawBody, headers);
    },
  };
}
