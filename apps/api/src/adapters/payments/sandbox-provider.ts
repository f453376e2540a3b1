import { createHash, randomUUID } from 'node:crypto';
import type { TDepositMethod } from '@cypher/contract';
import type { Clock } from '../../lib/clock.ts';
import { verifySignedWebhook, type PaymentProvider, type TPaymentEvent } from './payment-provider.ts';

const SANDBOX_CHECKOUT_TTL_MS = 30 * 60 * 1000;

const referencePrefix: Record<TDepositMethod, string> = {
  card: 'cs_sandbox_',
  crypto: 'charge_sandbox_',
  tilia: 'tilia_sandbox_',
};

const chargePrefix: Record<TDepositMethod, string> = {
  card: 'pi_sandbox_',
  crypto: 'charge_sandbox_',
  tilia: 'tilia_payment_sandbox_',
};

/** Stripe's test card numbers and what the sandbox does with them; any other valid number succeeds. */
export const sandboxCardDeclines: Readonly<Record<string, string>> = {
  '4000000000000002': 'card_declined',
  '4000000000009995': 'insufficient_funds',
};

/**
 * The sandbox's token for a saved card. Like Stripe's test tokens (tok_chargeDeclined), it carries the test card's
 * outcome, so charging the saved card later declines the way paying with its number at the checkout does.
 */
export function sandboxCardToken(digits: string): string {
  const decline = sandboxCardDeclines[digits];
  return `tok_sandbox_${decline ? `${decline}_` : ''}${randomUUID()}`;
}

function declineOfToken(token: string): string | null {
  return Object.values(sandboxCardDeclines).find((reason) => token.startsWith(`tok_sandbox_${reason}_`)) ?? null;
}

function shortHash(value: string): string {
  return createHash('sha256').update(value).digest('hex').slice(0, 24);
}

/**
 * How the sandboxes call this app back, the way a provider's servers do: after answering the API call, a signed
 * webhook to POST /v1/webhooks/:method. The dev-payments routes connect the delivery (they sign with the webhook
 * secret and inject into this app); until then, webhooks wait. A failed delivery is retried with backoff, as real
 * providers do. In-process only: a restart loses undelivered sandbox webhooks (a real provider would not).
 */
export interface SandboxWebhooks {
  send(method: TDepositMethod, event: TPaymentEvent): void;
  connect(deliver: (method: TDepositMethod, event: TPaymentEvent) => Promise<boolean>): void;
}

const RETRY_DELAYS_MS = [500, 2_000, 10_000, 30_000];

export function sandboxWebhooks(): SandboxWebhooks {
  let deliver: ((method: TDepositMethod, event: TPaymentEvent) => Promise<boolean>) | null = null;
  const waiting: Array<[TDepositMethod, TPaymentEvent]> = [];
  const attempt = (method: TDepositMethod, event: TPaymentEvent, tries: number) => {
    if (!deliver) {
      waiting.push([method, event]);
      return;
    }
    void deliver(method, event).then(
      (isDelivered) => retryUnless(isDelivered, method, event, tries),
      () => retryUnless(false, method, event, tries),
    );
  };
  const retryUnless = (isDelivered: boolean, method: TDepositMethod, event: TPaymentEvent, tries: number) => {
    const delay = RETRY_DELAYS_MS[tries];
    if (isDelivered || delay === undefined) return;
    setTimeout(() => attempt(method, event, tries + 1), delay).unref();
  };
  return {
    // After the current call has answered (setImmediate), like a provider's webhook after its API response.
    send: (method, event) => void setImmediate(() => attempt(method, event, 0)),
    connect: (connected) => {
      deliver = connected;
      for (const [method, event] of waiting.splice(0)) attempt(method, event, 0);
    },
  };
}

/**
 * A provider when no real one is configured (outside production): card checkout, Coinbase-Commerce-style crypto
 * charge or Tilia payment. The checkout page is served by this API at /dev/payments/:method/checkout/:reference, and
 * paying there signs and delivers a webhook through the same verification as a real provider's. Saved cards and Tilia
 * payment methods are charged without a page: the outcome (a saved test card's decline, else success) comes back
 * as a signed webhook after the call answers.
 */
export function sandboxProvider(
  method: TDepositMethod,
  deps: { publicUrl: string; webhookSecret: string; clock: Clock; webhooks?: SandboxWebhooks },
): PaymentProvider {
  // Keyed by deposit, like a provider's idempotency key: a repeated call answers the same charge and charges once.
  const charges = new Map<string, string>();
  const provider: PaymentProvider = {
    method,
    async createCheckout(request) {
      // Deterministic per deposit: a second call for the same deposit gives the same checkout.
      const providerReference = `${referencePrefix[method]}${shortHash(request.depositId)}`;
      return {
        providerReference,
        checkoutUrl: `${deps.publicUrl}/dev/payments/${method}/checkout/${providerReference}${returnQuery(request.returnUrl, deps.publicUrl)}`,
        expiresAt: new Date(deps.clock.now().getTime() + SANDBOX_CHECKOUT_TTL_MS),
      };
    },
    verifyWebhook(rawBody, headers) {
      return verifySignedWebhook(deps.webhookSecret, deps.clock, rawBody, headers);
    },
  };
  const { webhooks } = deps;
  if (method === 'crypto' || !webhooks) return provider;
  provider.chargeSavedMethod = async (request) => {
    const known = charges.get(request.depositId);
    if (known) return { providerReference: known };
    const providerReference = `${chargePrefix[method]}${shortHash(request.depositId)}`;
    charges.set(request.depositId, providerReference);
    const decline = method === 'card' ? declineOfToken(request.paymentMethodToken) : null;
    webhooks.send(method, {
      id: `evt_sandbox_${shortHash(`${providerReference}:outcome`)}`,
      type: decline ? 'payment.failed' : 'payment.succeeded',
      data: {
        providerReference,
        depositId: request.depositId,
        amount: request.amount,
        currency: request.currency,
        ...(decline ? { failureReason: decline } : {}),
      },
    });
    return { providerReference };
  };
  return provider;
}

/** `?return=<path>` for a return address on this site, as a real provider keeps its success URL; else nothing. */
function returnQuery(returnUrl: string, publicUrl: string): string {
  if (!returnUrl.startsWith(`${publicUrl}/`)) return '';
  return `?return=${encodeURIComponent(returnUrl.slice(publicUrl.length))}`;
}
