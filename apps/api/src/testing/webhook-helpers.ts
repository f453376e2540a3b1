import { signWebhook, WEBHOOK_SIGNATURE_HEADER } from '../adapters/payments/payment-provider.ts';
import { newId } from '../lib/ids.ts';
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

/**
 * The card provider's signed `payment.succeeded` for a deposit (a card order's checkout, or funds added), paid in
 * full, under a fresh event id: what a payment completed at the provider sends, whatever our side did meanwhile.
 */
export function deliverCardPaymentSucceeded(
  t: TestApp,
  secret: string,
  deposit: { id: string; providerReference: string | null; amount: number },
  paymentMethod?: string,
) {
  return deliverSignedWebhook(t, secret, 'card', {
    id: `evt_${newId()}`,
    type: 'payment.succeeded',
    data: {
      providerReference: deposit.providerReference,
      depositId: deposit.id,
      amount: deposit.amount,
      currency: 'USD',
      ...(paymentMethod ? { paymentMethod } : {}),
    },
  });
}
