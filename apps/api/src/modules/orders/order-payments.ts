import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { getSaleDrop } from '../drops/get-sale-drop.ts';
import { notify } from '../notifications/notify.ts';
import { debitDepositForPurchase } from '../wallet/debit-for-purchase.ts';
import type { DepositListener } from '../wallet/deposits/deposit-listener.ts';
import { handOverHeldPacks } from '../drops/packs/pack-claims.ts';
import { orderNotices } from './order-notices.ts';
import { transitionOrder } from './order-states.ts';
import { orders, type TOrderRow } from './orders.tables.ts';
import { releaseOrder } from './release-order.ts';

/**
 * Card and Tilia orders, step 2: the wallet applies the provider's signed event exactly once and calls this in the
 * same transaction (writes orders, packs, product_activities, notifications, and the purchase's ledger movement).
 * - Paid while the order still holds its packs: PENDING -> SUCCESSFUL, the credited money pays the order, the packs
 *   become the buyer's. A replayed event never gets here twice (the wallet's event id), and the conditional move
 *   decides against a timeout racing it.
 * - Paid after the hold passed: the order stays TIMED_OUT and the money stays in the balance the deposit credited:
 *   that is the refund, and nothing is delivered.
 * - Failed or expired payment: the order fails and its packs go back on sale.
 */
export function orderDepositListener(config: { holdMinutes: number }): DepositListener {
  return {
    async onSucceeded(tx, deposit, paymentMethod, now) {
      const order = await orderPaidBy(tx, deposit.id);
      if (!order) return;
      const drop = await getSaleDrop(tx, order.dropId);
      const dropName = drop?.name ?? 'this drop';
      const paid = await transitionOrder(tx, order.id, { to: 'SUCCESSFUL', now, changes: { failureReason: null } });
      if (!paid) {
        await notify(tx, {
          userId: order.userId,
          kind: 'PURCHASE',
          ...orderNotices.paidAfterTimeout(dropName, order.total),
          linkPath: '/payment',
          referenceId: order.id,
          now,
        });
        return;
      }
      const ledgerTransactionId = await debitDepositForPurchase(tx, {
        userId: order.userId,
        source: deposit.method === 'tilia' ? 'tilia' : 'card',
        subtotal: order.subtotal,
        serviceFee: order.serviceFee,
        orderId: order.id,
        paymentMethod,
        description: `${dropName} · ${order.quantity === 1 ? '1 pack' : `${order.quantity} packs`}`,
        now,
      });
      await tx.update(orders).set({ ledgerTransactionId }).where(eq(orders.id, order.id));
      await handOverHeldPacks(tx, { id: order.id, userId: order.userId, editionsPerPack: drop?.editionsPerPack ?? 0 }, now);
      await notify(tx, {
        userId: order.userId,
        kind: 'PURCHASE',
        ...orderNotices.successful(dropName, order.quantity),
        linkPath: `/purchase/${order.id}/status`,
        referenceId: order.id,
        now,
      });
    },
    async onClosed(tx, deposit, now) {
      const order = await orderPaidBy(tx, deposit.id);
      if (order) {
        await releaseOrder(tx, order, { to: 'FAILED', now, failureReason: deposit.failureReason, holdMinutes: config.holdMinutes });
      }
    },
  };
}

async function orderPaidBy(tx: Db, depositId: string): Promise<TOrderRow | undefined> {
  const [order] = await tx.select().from(orders).where(eq(orders.depositId, depositId));
  return order;
}
