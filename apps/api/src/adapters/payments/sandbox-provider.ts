import { createHash } from 'node:crypto';
import type { TDepositMethod } from '@cypher/contract';
import type { Clock } from '../../lib/clock.ts';
import { verifySignedWebhook, type PaymentProvider } from './payment-provider.ts';

export const SANDBOX_CHECKOUT_TTL_MS = 30 * 60 * 1000;

const referencePrefix: Record<TDepositMethod, string> = {
  card: 'cs_sandbox_',
  crypto: 'charge_sandbox_',
  tilia: 'tilia_sandbox_',
};

/**
 * A provider when no real one is configured (outside production): card checkout, Coinbase-Commerce-style crypto
 * charge or Tilia payment. The checkout page is served by this API at /dev/payments/:method/checkout/:reference, and
 * paying there signs and delivers a webhook through the same verification as a real provider's.
 */
export function sandboxProvider(
  method: TDepositMethod,
  deps: { publicUrl: string; webhookSecret: string; clock: Clock },
): PaymentProvider {
  return {
    method,
    async createCheckout(request) {
      // Deterministic per deposit: a second call for the same deposit gives the same checkout.
      const hash = createHash('sha256').update(request.depositId).digest('hex').slice(0, 24);
      const providerReference = `${referencePrefix[method]}${hash}`;
      return {
        providerReference,
        checkoutUrl: `${deps.publicUrl}/dev/payments/${method}/checkout/${providerReference}`,
        expiresAt: new Date(deps.clock.now().getTime() + SANDBOX_CHECKOUT_TTL_MS),
      };
    },
    verifyWebhook(rawBody, headers) {
      return verifySignedWebhook(deps.webhookSecret, deps.clock, rawBody, headers);
    },
  };
}
