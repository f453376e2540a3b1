import type { TDepositMethod } from '@cypher/contract';
import type { PaymentProvider } from '../../../adapters/payments/payment-provider.ts';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../http/app-error.ts';
import type { Clock } from '../../../lib/clock.ts';
import type { DepositListener } from './deposit-listener.ts';
import { applyPaymentEvent, type TPaymentEventOutcome, type TPaymentEventReview } from './apply-payment-event.ts';

/** `POST /v1/webhooks/:provider` and the sandbox checkout both come here: verify the raw body, then apply once. */
export async function receiveWebhook(
  deps: {
    db: Db;
    clock: Clock;
    payments: Record<TDepositMethod, PaymentProvider | null>;
    onHeldForReview?: (review: TPaymentEventReview) => void;
    depositListeners: readonly DepositListener[];
  },
  provider: TDepositMethod,
  rawBody: Buffer,
  headers: Record<string, string | string[] | undefined>,
): Promise<TPaymentEventOutcome> {
  const port = deps.payments[provider];
  if (!port) throw new AppError('NOT_FOUND');
  const event = port.verifyWebhook(rawBody, headers);
  if ('ignored' in event) return 'ignored';
  return applyPaymentEvent(deps.db, provider, event, deps.clock.now(), {
    onHeldForReview: deps.onHeldForReview,
    listeners: deps.depositListeners,
  });
}
