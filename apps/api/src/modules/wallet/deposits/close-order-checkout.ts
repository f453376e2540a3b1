import { ORDER_CANCELLED_BY_BUYER } from '@cypher/contract';
import type { Db } from '../../../db/client.ts';
import { transitionDeposit } from './deposit-states.ts';

/**
 * Why the person closed a checkout themselves: they paid its order another way (`replaced`), or cancelled the order.
 * Neither is a payment that failed, so neither is listed among "Payments that did not go through"
 * (list-my-deposits.ts).
 */
export const closedByPersonReasons = ['replaced', ORDER_CANCELLED_BY_BUYER] as const;

/** Why an order's checkout closes before the provider ends it: the person's reasons, or the order's hold ran out. */
type TOrderCheckoutCloseReason = (typeof closedByPersonReasons)[number] | 'expired';

/**
 * Route: POST /v1/orders/{id}/tilia, POST /v1/orders/{id}/cancel and the hold time-out job (orders switch a card
 * order's payment, cancel the order, or time it out) · Writes: deposits · Tests: orders/card-orders.test.ts,
 * orders/cancel-order.test.ts, wallet/deposits/get-deposits.test.ts.
 *
 * Closes the checkout of an order that will not be paid through it: created or pending -> expired, with the reason, so
 * it is no longer shown as open, its sandbox page no longer takes a payment, and the abandoned-checkout job leaves it
 * alone. The provider may still complete a payment started on it: that money is credited like any late payment
 * (expired -> succeeded) and the deposit's listener tells the person where it went. Inside the caller's transaction,
 * after the caller locked the order (the lock order of db/transaction.ts: the order, then the deposit).
 */
export async function closeOrderCheckout(
  tx: Db,
  depositId: string,
  now: Date,
  reason: TOrderCheckoutCloseReason,
): Promise<void> {
  await transitionDeposit(tx, depositId, { to: 'expired', now, changes: { failureReason: reason } });
}
