import { signWebhook, WEBHOOK_SIGNATURE_HEADER } from '../adapters/payments/payment-provider.ts';
import type { TestApp } from './test-app.ts';

/**
 * A sandbox provider's webhook as it arrives on its own (not from its hosted page): `event` (or its raw body) signed
 * with the app's PAYMENTS_WEBHOOK_SECRET at the app clock's now and POSTed to `/v1/webhooks/<method>`.
 */
export function deliverSignedWebhook(t: TestApp, secret: string, method: string, event: object | string) {
  const rawBody = typeof event === 'string' ? event : JSON.stringify(event);
  return t.app.inject({
    method: 'POST',
    url: `/v1/webhooks/${method}`,
    headers: {
      'content-type': 'application/json',
      [WEBHOOK_SIGNATURE_HEADER]: signWebhook(secret, rawBody, t.clock.now()),
    },
    payload: rawBody,
  });
}
