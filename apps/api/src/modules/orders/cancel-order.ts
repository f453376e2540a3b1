import { and, eq } from 'drizzle-orm';
import { isCancelledByBuyer, ORDER_CANCELLED_BY_BUYER, type TOrder } from '@cypher/contract';
import type { AppContext } from '../../app-context.ts';
import { inRetriedTransaction } from '../../db/transaction.ts';
import { AppError } from '../../http/app-error.ts';
import { closeOrderCheckout } from '../wallet/deposits/close-order-checkout.ts';
import { getMyOrder } from './get-my-orders.ts';
import { orderNotices } from './order-notices.ts';
import { orders } from './orders.tables.ts';
import { lockAllowanceOf } from './purchase-allowance.ts';
import { releaseOrder } from './release-order.ts';

/**
 * Route: POST /v1/orders/{id}/cancel · Writes: orders, deposits (through the wallet), purchase_allowances, the units
 * (packs and pack_claim_log, or pass_units), notifications · UI: features/orders purchase status page · Tests:
 * cancel-order.test.ts, cancel-order-races.test.ts; decision record 59.
 *
 * A card or Tilia order its buyer no longer means to pay: FAILED with ORDER_CANCELLED_BY_BUYER, its units back on sale
 * and its count out of the per-person limit now, not when the hold ends (a buyer who changed their mind, or wants to
 * pay from their balance instead, is not made to wait out ten minutes). In one transaction, in the lock order of
 * db/transaction.ts: the order, its allowance, its checkout's deposit, then the units. A payment confirmed first wins
 * (the order is no longer PENDING: ORDER_NOT_PENDING); one that lands after is credited to the balance like any late
 * payment, and the buyer is told (order-payments.ts). Asked again, a cancelled order answers as it stands, so a retry
 * after a lost answer is not an error.
 */
export async function cancelOrder(
  deps: Pick<AppContext, 'db' | 'clock' | 'config'>,
  userId: string,
  orderId: string,
): Promise<TOrder> {
  // Answered from the cancel's own transaction: read after it, a payment queued behind its lock could land in between
  // and the answer said `paid_after_cancel` of the cancel (a flaky race run on PostgreSQL, session 79).
  return inRetriedTransaction(deps.db, async (tx) => {
    const [order] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.userId, userId)))
      .for('update');
    if (!order) throw new AppError('ORDER_NOT_FOUND');
    // Cancelled already (a retry after a lost answer), whether or not a payment started before it landed since.
    if (isCancelledByBuyer(order)) return getMyOrder(tx, userId, orderId, deps.config.brandName);
    if (order.status !== 'PENDING') throw new AppError('ORDER_NOT_PENDING');
    await lockAllowanceOf(tx, order.itemId, order.userId);
    const now = deps.clock.now();
    // Only card and Tilia orders wait for a payment (hold-for-payment.ts), so a pending order always has a checkout.
    if (order.depositId) await closeOrderCheckout(tx, order.depositId, now, ORDER_CANCELLED_BY_BUYER);
    await releaseOrder(tx, order, {
      to: 'FAILED',
      now,
      failureReason: ORDER_CANCELLED_BY_BUYER,
      notice: orderNotices.cancelled,
    });
    return getMyOrder(tx, userId, orderId, deps.config.brandName);
  });
}
