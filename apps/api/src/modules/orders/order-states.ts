import { and, eq, inArray } from 'drizzle-orm';
import { orderStatuses, orderTransitions, type TOrderStatus } from '@cypher/contract';
import type { Db } from '../../db/client.ts';
import { orders, type TOrderRow } from './orders.tables.ts';

function statesLeadingTo(to: TOrderStatus): TOrderStatus[] {
  return orderStatuses.filter((from) => orderTransitions[from].includes(to));
}

/**
 * Route: none of its own (order-payments.ts, release-order.ts) · Writes: orders · Tests: card-orders.test.ts.
 *
 * `UPDATE orders SET status = to WHERE id = $1 AND status IN (states leading to it)` (house rule 6; the contract's
 * orderTransitions is the one table): the moved row, or null when the order had already moved on. Whoever moves it
 * does what goes with the move; everyone else does nothing.
 */
export async function transitionOrder(
  tx: Db,
  id: string,
  move: { to: TOrderStatus; now: Date; changes?: Partial<TOrderRow> },
): Promise<TOrderRow | null> {
  const [row] = await tx
    .update(orders)
    .set({ ...move.changes, status: move.to, updatedAt: move.now })
    .where(and(eq(orders.id, id), inArray(orders.status, statesLeadingTo(move.to))))
    .returning();
  return row ?? null;
}
