import { randomBytes } from 'node:crypto';
import { claimBuyerHash, purchaseStatusPath } from '@cypher/contract';
import type { Db } from '../../db/client.ts';
import { sha256Hex } from '../../lib/sha256-hex.ts';
import { notify } from '../notifications/notify.ts';
import { orderNotices, type TOrderLine, type TOrderNotice } from './order-notices.ts';
import { transitionOrder } from './order-states.ts';
import type { TOrderRow } from './orders.tables.ts';
import { returnAllowance } from './purchase-allowance.ts';
import { notificationKindOf, orderedItemOf, releaseHeldUnits } from './sale-items.ts';

/**
 * Route: none of its own; the hold timeout job (time-out-orders.ts) and a payment's webhook (order-payments.ts) call
 * it · Writes: orders, purchase_allowances, the units (packs and pack_claim_log, or pass_units), notifications · Tests:
 * card-orders.test.ts, purchase-races.test.ts.
 *
 * Ends a held order without delivering it, FAILED (the provider refused) or TIMED_OUT (the hold passed): its count
 * leaves the per-person limit and its units go back on sale (packs logged as released), in the transaction of the move and in
 * the lock order (db/transaction.ts: the order, its allowance, then packs). Only the caller that moves the order does
 * this; returns whether it did.
 */
export async function releaseOrder(
  tx: Db,
  order: TOrderRow,
  move: {
    to: 'FAILED' | 'TIMED_OUT';
    now: Date;
    failureReason?: string | null;
    holdMinutes?: number;
    /** Null: the caller tells the buyer itself; omitted: the notice of `to` (failed, or timed out). */
    notice?: ((line: TOrderLine) => TOrderNotice) | null;
  },
): Promise<boolean> {
  const moved = await transitionOrder(tx, order.id, {
    to: move.to,
    now: move.now,
    changes: { failureReason: move.failureReason ?? (move.to === 'TIMED_OUT' ? 'timed_out' : 'failed') },
  });
  if (!moved) return false;
  await returnAllowance(tx, order.itemId, order.userId, order.quantity);
  // Orders from before the claim log have no salt: their release is logged under a hash nobody can match.
  const buyerHash = claimBuyerHash(order.buyerSalt ?? randomBytes(16).toString('hex'), order.userId, sha256Hex);
  await releaseHeldUnits(tx, order, buyerHash, move.now);
  if (move.notice === null) return true;
  const line = { kind: order.itemKind, name: (await orderedItemOf(tx, order)).name, quantity: order.quantity };
  await notify(tx, {
    userId: order.userId,
    kind: notificationKindOf(order.itemKind),
    ...(move.notice?.(line) ??
      (move.to === 'FAILED' ? orderNotices.failed(line) : orderNotices.timedOut(line, move.holdMinutes ?? 0))),
    linkPath: purchaseStatusPath(order.id),
    referenceId: order.id,
    now: move.now,
    // The order has ended: its "Payment pending" notice is answered.
    supersedesEarlier: true,
  });
  return true;
}
