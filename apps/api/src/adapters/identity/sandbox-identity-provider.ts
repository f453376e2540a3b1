import { createHash } from 'node:crypto';
import type { Clock } from '../../lib/clock.ts';
import { verifySignedIdentityWebhook, type IdentityProvider } from './identity-provider.ts';

/**
 * The provider when no real one is configured (outside production). Its hosted page is served by this API at
 * /dev/identity/:reference ("Upload your ID" with the outcomes to pick), which signs and delivers the webhook to
 * POST /v1/webhooks/identity through the same verification as a real provider's would.
 */
export function sandboxIdentityProvider(deps: {
  publicUrl: string;
  webhookSecret: string;
  clock: Clock;
}): IdentityProvider {
  return {
    async createVerification(request) {
      // Deterministic per attempt, like a provider's idempotency key: a repeated call answers the same session.
      const providerReference = `idv_sandbox_${createHash('sha256').update(request.verificationId).digest('hex').slice(0, 24)}`;
      return {
        providerReference,
        verificationUrl: `${deps.publicUrl}/dev/identity/${providerReference}`,
      };
    },
    verifyWebhook(rawBody, headers) {
      return verifySignedIdentityWebhook(deps.webhookSecret, deps.clock, rawBody, headers);
    },
  };
}
