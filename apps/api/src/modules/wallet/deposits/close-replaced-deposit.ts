import { ORDER_CANCELLED_BY_BUYER } from '@cypher/contract';
import type { Db } from '../../../db/client.ts';
import { transitionDeposit } from './deposit-states.ts';

/** The failureReason of a checkout closed because the person paid its order another way (not a failure of theirs). */
const REPLACED_DEPOSIT_REASON = 'replaced';

/**
 * Why the person closed a checkout themselves: they paid its order another way, or cancelled the order. Neither is a
 * payment that failed, so neither is listed among "Payments that did not go through" (list-my-deposits.ts).
 */
export const closedByPersonReasons = [REPLACED_DEPOSIT_REASON, ORDER_CANCELLED_BY_BUYER] as const;

/**
 * Route: POST /v1/orders/{id}/tilia and POST /v1/orders/{id}/cancel (orders switch a card order's payment, or cancel
 * the order) · Writes: deposits · Tests: orders/card-orders.test.ts, orders/cancel-order.test.ts.
 *
 * Closes a checkout the person no longer wants: created or pending -> expired, with the reason, so it is no longer
 * shown as open and the abandoned-checkout job leaves it alone. The provider may still complete a payment started on
 * it: that money is credited like any late payment (expired -> succeeded) and the deposit's listener tells the person
 * where it went. Inside the caller's transaction, after the caller locked the order.
 */
export async function closeReplacedDeposit(
  tx: Db,
  depositId: string,
  now: Date,
  reason: (typeof closedByPersonReasons)[number] = REPLACED_DEPOSIT_REASON,
): Promise<void> {
  await transitionDeposit(tx, depositId, { to: 'expired', now, changes: { failureReason: reason } });
}
