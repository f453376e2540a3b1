import { randomUUID } from 'node:crypto';
import type { TDepositMethod } from '@cypher/contract';
import type { TPaymentEvent } from '../../adapters/payments/payment-provider.ts';
import { checkSandboxCard, type TSandboxCardForm } from './sandbox-card-checks.ts';

/** What the sandbox checkout page posts: the card form, or for crypto and Tilia the outcome the tester picked. */
export interface TSandboxCheckoutForm extends TSandboxCardForm {
  outcome: 'succeeded' | 'failed' | 'expired';
}

/**
 * The provider's event for a submitted sandbox checkout, the one a real provider would send by webhook: for a card,
 * after the card form's checks (or the refusal to show on the form); for crypto and Tilia, the outcome picked.
 */
export function sandboxCheckoutEvent(
  method: TDepositMethod,
  reference: string,
  amount: number,
  form: TSandboxCheckoutForm,
  now: Date,
): { event: TPaymentEvent } | { formError: string } {
  const data = { providerReference: reference, amount, currency: 'USD' as const };
  const id = `evt_sandbox_${randomUUID()}`;
  if (method !== 'card') {
    const { outcome } = form;
    return {
      event: {
        id,
        type: `payment.${outcome}`,
        data: {
          ...data,
          paymentMethod: method === 'crypto' ? 'Crypto' : 'Tilia',
          ...(outcome === 'failed' ? { failureReason: 'payment_declined' } : {}),
        },
      },
    };
  }
  const card = checkSandboxCard(form, now);
  if ('formError' in card) return card;
  return {
    event: {
      id,
      type: card.declineReason ? 'payment.failed' : 'payment.succeeded',
      data: {
        ...data,
        paymentMethod: card.paymentMethod,
        ...(card.declineReason ? { failureReason: card.declineReason } : {}),
      },
    },
  };
}
