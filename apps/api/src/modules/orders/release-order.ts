import type { Db } from '../../db/client.ts';
import { releasePacksOf } from '../drops/packs/pack-claims.ts';
import { getSaleDrop } from '../drops/get-sale-drop.ts';
import { notify } from '../notifications/notify.ts';
import { orderNotices } from './order-notices.ts';
import { transitionOrder } from './order-states.ts';
import type { TOrderRow } from './orders.tables.ts';
import { returnAllowance } from './purchase-allowance.ts';

/**
 * Ends a held order without a payment, FAILED (the provider refused) or TIMED_OUT (the hold passed): its packs go
 * back on sale and its count leaves the per-person limit, in the transaction of the move (writes orders, packs,
 * purchase_allowances, notifications). Only the caller that moves the order does this; returns whether it did.
 */
export async function releaseOrder(
  tx: Db,
  order: TOrderRow,
  move: { to: 'FAILED' | 'TIMED_OUT'; now: Date; failureReason?: string | null; holdMinutes: number },
): Promise<boolean> {
  const moved = await transitionOrder(tx, order.id, {
    to: move.to,
    now: move.now,
    changes: { failureReason: move.failureReason ?? (move.to === 'TIMED_OUT' ? 'timed_out' : 'failed') },
  });
  if (!moved) return false;
  await releasePacksOf(tx, order.id);
  await returnAllowance(tx, order.policyId, order.userId, order.quantity);
  const dropName = (await getSaleDrop(tx, order.dropId))?.name ?? 'this drop';
  await notify(tx, {
    userId: order.userId,
    kind: 'PURCHASE',
    ...(move.to === 'FAILED' ? orderNotices.failed(dropName) : orderNotices.timedOut(dropName, move.holdMinutes)),
    linkPath: `/purchase/${order.id}/status`,
    referenceId: order.id,
    now: move.now,
  });
  return true;
}
