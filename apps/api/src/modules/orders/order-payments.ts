import { eq, or } from 'drizzle-orm';
import {
  DEPOSIT_AMOUNT_MISMATCH,
  isCancelledByBuyer,
  PAID_AFTER_CANCEL,
  PAID_AFTER_HOLD_EXPIRED,
  purchaseStatusPath,
} from '@cypher/contract';
import type { Db } from '../../db/client.ts';
import { notify } from '../notifications/notify.ts';
import { debitDepositForPurchase } from '../wallet/debit-for-purchase.ts';
import type { DepositListener, TListenedDeposit } from '../wallet/deposits/deposit-listener.ts';
import { paymentReviewResolvedNotice } from '../wallet/wallet-notices.ts';
import { orderNotices, purchaseDescription } from './order-notices.ts';
import { transitionOrder } from './order-states.ts';
import { orders, type TOrderRow } from './orders.tables.ts';
import { lockAllowanceOf } from './purchase-allowance.ts';
import { releaseOrder } from './release-order.ts';
import { handOverHeldUnits, notificationKindOf, orderedItemOf } from './sale-items.ts';

/**
 * Route: POST /v1/webhooks/{provider} and the sandbox checkout (the wallet applies the provider's signed event exactly
 * once and calls this in the same transaction) · Writes: orders, purchase_allowances, the units (packs and
 * pack_claim_log with product_activities, or pass_units, through orders/sale-items.ts), notifications, and the
 * purchase's ledger movement · UI: features/orders purchase status page ·
 * Tests: card-orders.test.ts, purchase-races.test.ts.
 *
 * Card and Tilia orders, step 2:
 * - lockFor, before the wallet touches the deposit or the ledger: the order, then its allowance (the lock order of
 *   db/transaction.ts; the old order, ledger first, made a three-way deadlock with the hold timeout and a purchase).
 * - Paid while the order still holds its packs and its hold has not passed: PENDING -> SUCCESSFUL, the credited money
 *   pays the order, the units become the buyer's.
 * - Paid after the hold passed, whether or not the timeout job has run yet: the order ends TIMED_OUT with
 *   PAID_AFTER_HOLD_EXPIRED, its units go back on sale, and the money stays in the balance the deposit credited, with a
 *   notification that says so. Never delivered: a hold is not a free option to pay once the contents are known.
 * - Paid through a checkout the buyer replaced (a card order switched to Tilia): the money stays in the balance, with
 *   a notification; the order waits for the payment it now names.
 * - Failed or expired payment of the order's current checkout: the order fails and its units go back on sale.
 * - Paid after the buyer cancelled: the order stays cancelled (PAID_AFTER_CANCEL) and the money stays in the balance.
 * A replayed event never gets here twice (the wallet's event id).
 */
export function orderDepositListener(config: { holdMinutes: number }): DepositListener {
  return {
    async lockFor(tx, deposit) {
      const order = await orderPaidBy(tx, deposit, { lock: true });
      if (order?.status === 'PENDING') await lockAllowanceOf(tx, order.itemId, order.userId);
    },

    async describe(tx, deposit) {
      const order = await orderPaidBy(tx, deposit);
      if (!order) return null;
      const { name } = await orderedItemOf(tx, order);
      const way = deposit.method === 'tilia' ? 'Tilia payment' : 'Card payment';
      return `${way} for ${purchaseDescription({ kind: order.itemKind, name, quantity: order.quantity })}`;
    },

    async onSucceeded(tx, deposit, paymentMethod, now) {
      const order = await orderPaidBy(tx, deposit);
      if (!order) return false;
      const { name, drop } = await orderedItemOf(tx, order);
      const line = { kind: order.itemKind, name, quantity: order.quantity };
      // The order's own end supersedes its "Payment pending" notice; a replaced checkout's payment does not, since
      // the order still waits for the checkout it names now.
      const paidInstead = async (
        notice: ReturnType<typeof orderNotices.paidAfterHoldExpired>,
        isOrderEnded = true,
      ): Promise<boolean> => {
        await notify(tx, {
          userId: order.userId,
          kind: notificationKindOf(order.itemKind),
          ...notice,
          linkPath: '/payment',
          referenceId: order.id,
          now,
          supersedesEarlier: isOrderEnded,
        });
        return true;
      };

      // Cancelled by its buyer, whether or not a payment came since: the order stays cancelled, and says so.
      const wasCancelled = isCancelledByBuyer(order);
      const paidAfterCancel = async (amount: number) => {
        await tx
          .update(orders)
          .set({ failureReason: PAID_AFTER_CANCEL, updatedAt: now })
          .where(eq(orders.id, order.id));
        return paidInstead(orderNotices.paidAfterCancel(line, amount));
      };

      if (order.depositId !== deposit.id) {
        // A checkout the buyer replaced (a card order switched to Tilia) waits for none, cancelled since or not.
        if (wasCancelled) return paidAfterCancel(deposit.amount);
        return paidInstead(orderNotices.paidReplacedCheckout(line, deposit.amount), false);
      }
      if (order.status === 'PENDING' && order.holdExpiresAt && order.holdExpiresAt <= now) {
        await releaseOrder(tx, order, { to: 'TIMED_OUT', now, failureReason: PAID_AFTER_HOLD_EXPIRED, notice: null });
        return paidInstead(orderNotices.paidAfterHoldExpired(line, order.total));
      }
      const paid = await transitionOrder(tx, order.id, { to: 'SUCCESSFUL', now, changes: { failureReason: null } });
      if (!paid) {
        // Already timed out by the job, cancelled by its buyer, or failed with its closed checkout: the order stays as
        // it is, and says where the money went (a cancelled one still says it was cancelled).
        if (wasCancelled) return paidAfterCancel(order.total);
        await tx
          .update(orders)
          .set({ failureReason: PAID_AFTER_HOLD_EXPIRED, updatedAt: now })
          .where(eq(orders.id, order.id));
        return paidInstead(
          order.status === 'FAILED'
            ? orderNotices.paidAfterCheckoutClosed(line, order.total)
            : orderNotices.paidAfterHoldExpired(line, order.total),
        );
      }
      const ledgerTransactionId = await debitDepositForPurchase(tx, {
        userId: order.userId,
        source: deposit.method === 'tilia' ? 'tilia' : 'card',
        subtotal: order.subtotal,
        serviceFee: order.serviceFee,
        orderId: order.id,
        paymentMethod,
        description: purchaseDescription(line),
        now,
      });
      await tx.update(orders).set({ ledgerTransactionId }).where(eq(orders.id, order.id));
      await handOverHeldUnits(tx, order, drop, now);
      await notify(tx, {
        userId: order.userId,
        kind: notificationKindOf(order.itemKind),
        ...orderNotices.successful(line),
        linkPath: purchaseStatusPath(order.id),
        referenceId: order.id,
        now,
        supersedesEarlier: true,
      });
      return true;
    },

    async onClosed(tx, deposit, now) {
      const order = await orderPaidBy(tx, deposit);
      // A replaced checkout closing changes nothing: the order waits for the one it names now.
      if (!order || order.depositId !== deposit.id) return false;
      await releaseOrder(tx, order, {
        to: 'FAILED',
        now,
        failureReason: deposit.failureReason,
        holdMinutes: config.holdMinutes,
        ...(deposit.failureReason === DEPOSIT_AMOUNT_MISMATCH ? { notice: orderNotices.paymentHeld } : {}),
      });
      return true;
    },

    async onReviewResolved(tx, deposit, received, now) {
      const order = await orderPaidBy(tx, deposit);
      if (!order) return false;
      // Beside the purchase, superseding its "Payment held for review" (which promised the refund).
      await notify(tx, {
        userId: order.userId,
        kind: notificationKindOf(order.itemKind),
        ...paymentReviewResolvedNotice(received),
        linkPath: purchaseStatusPath(order.id),
        referenceId: order.id,
        now,
        supersedesEarlier: true,
      });
      return true;
    },
  };
}

/** The order this deposit pays, or paid before the buyer switched checkouts; locked FOR UPDATE on request. */
async function orderPaidBy(
  tx: Db,
  deposit: TListenedDeposit,
  options: { lock?: boolean } = {},
): Promise<TOrderRow | undefined> {
  const query = tx
    .select()
    .from(orders)
    .where(or(eq(orders.depositId, deposit.id), eq(orders.replacedDepositId, deposit.id)));
  const [order] = options.lock ? await query.for('update') : await query;
  return order;
}
