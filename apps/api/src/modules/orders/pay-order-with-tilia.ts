import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../app-context.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError } from '../../http/app-error.ts';
import { recordOrderPaymentDeposit } from '../wallet/deposits/create-deposit.ts';
import { openCheckout } from '../wallet/deposits/open-checkout.ts';
import { orders } from './orders.tables.ts';

/**
 * `POST /v1/orders/{id}/tilia`: pays a pending order through Tilia (writes orders, deposits). An order already paid by
 * Tilia answers its checkout again; a card order switches to a new Tilia deposit under the order's lock, and a card
 * payment that still arrives for the old deposit is credited to the balance, never delivered (no order points at it).
 */
export async function payOrderWithTilia(
  deps: Pick<AppContext, 'db' | 'clock' | 'config' | 'payments'>,
  userId: string,
  orderId: string,
): Promise<{ checkoutUrl: string | null }> {
  const now = deps.clock.now();
  const depositId = await inTransaction(deps.db, async (tx) => {
    const [order] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.userId, userId)))
      .for('update');
    if (!order) throw new AppError('ORDER_NOT_FOUND');
    if (order.status !== 'PENDING') throw new AppError('ORDER_NOT_PENDING');
    if (order.paymentMethod === 'TILIA' && order.depositId) return order.depositId;
    const tiliaDeposit = await recordOrderPaymentDeposit(tx, { userId, method: 'tilia', amount: order.total, now });
    await tx
      .update(orders)
      .set({ paymentMethod: 'TILIA', depositId: tiliaDeposit, updatedAt: now })
      .where(eq(orders.id, orderId));
    return tiliaDeposit;
  });
  const checkout = await openCheckout(
    { db: deps.db, clock: deps.clock, provider: deps.payments.tilia, publicUrl: deps.config.publicUrl },
    userId,
    depositId,
    `/purchase/${orderId}/status`,
  );
  return { checkoutUrl: checkout.checkoutUrl };
}
