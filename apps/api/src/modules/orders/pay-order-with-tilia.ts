import { and, eq } from 'drizzle-orm';
import { purchaseStatusPath } from '@cypher/contract';
import type { AppContext } from '../../app-context.ts';
import { inRetriedTransaction } from '../../db/transaction.ts';
import { AppError } from '../../http/app-error.ts';
import { closeOrderCheckout } from '../wallet/deposits/close-order-checkout.ts';
import { recordOrderPaymentDeposit } from '../wallet/deposits/create-deposit.ts';
import { openCheckout } from '../wallet/deposits/open-checkout.ts';
import { orders } from './orders.tables.ts';

/**
 * Route: POST /v1/orders/{id}/tilia · Writes: orders, deposits (through the wallet) · UI: features/orders purchase
 * status page · Tests: card-orders.test.ts.
 *
 * Pays a pending order through Tilia instead. Under the order's lock (the lock order of db/transaction.ts: the order,
 * then deposits): an order already paid by Tilia answers its checkout again; a card order switches to a new Tilia
 * deposit and its card checkout is closed, so the buyer is not left with two open ways to pay the same packs (a card
 * payment that still lands is credited to the balance and the buyer is told, order-payments.ts). A hold that has
 * passed cannot be paid any more (ORDER_HOLD_EXPIRED), even before the timeout job has released it.
 */
export async function payOrderWithTilia(
  deps: Pick<AppContext, 'db' | 'clock' | 'config' | 'payments' | 'depositListeners'>,
  userId: string,
  orderId: string,
): Promise<{ checkoutUrl: string | null }> {
  const depositId = await inRetriedTransaction(deps.db, async (tx) => {
    const [order] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.userId, userId)))
      .for('update');
    // Once the order is locked: a switch that waited for it past the hold's end is refused, not opened for packs that
    // can no longer be delivered.
    const now = deps.clock.now();
    if (!order) throw new AppError('ORDER_NOT_FOUND');
    if (order.status !== 'PENDING') throw new AppError('ORDER_NOT_PENDING');
    if (order.holdExpiresAt && order.holdExpiresAt <= now) throw new AppError('ORDER_HOLD_EXPIRED');
    if (order.paymentMethod === 'TILIA' && order.depositId) return order.depositId;
    const tiliaDeposit = await recordOrderPaymentDeposit(tx, {
      userId,
      method: 'tilia',
      amount: order.total,
      orderId: order.id,
      holdEndsAt: order.holdExpiresAt,
      now,
    });
    if (order.depositId) await closeOrderCheckout(tx, order.depositId, now, 'replaced');
    await tx
      .update(orders)
      .set({ paymentMethod: 'TILIA', depositId: tiliaDeposit, replacedDepositId: order.depositId, updatedAt: now })
      .where(eq(orders.id, orderId));
    return tiliaDeposit;
  });
  const checkout = await openCheckout(
    {
      db: deps.db,
      clock: deps.clock,
      provider: deps.payments.tilia,
      publicUrl: deps.config.publicUrl,
      listeners: deps.depositListeners,
    },
    userId,
    depositId,
    purchaseStatusPath(orderId),
  );
  return { checkoutUrl: checkout.checkoutUrl };
}
