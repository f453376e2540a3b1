import type { Db } from '../../../db/client.ts';
import { transitionDeposit } from './deposit-states.ts';

/** The failureReason of a checkout closed because the person paid its order another way (not a failure of theirs). */
export const REPLACED_DEPOSIT_REASON = 'replaced';

/**
 * Route: POST /v1/orders/{id}/tilia (orders switch a card order's payment) · Writes: deposits · Tests:
 * orders/card-orders.test.ts.
 *
 * Closes a checkout the person replaced with another way to pay: created or pending -> expired, reason `replaced`, so
 * it is no longer shown as open and the abandoned-checkout job leaves it alone. The provider may still complete a
 * payment started on it: that money is credited like any late payment (expired -> succeeded) and the deposit's
 * listener tells the person where it went. Inside the caller's transaction, after the caller locked the order.
 */
export async function closeReplacedDeposit(tx: Db, depositId: string, now: Date): Promise<void> {
  await transitionDeposit(tx, depositId, { to: 'expired', now, changes: { failureReason: REPLACED_DEPOSIT_REASON } });
}
