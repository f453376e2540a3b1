import { and, eq, inArray, sql } from 'drizzle-orm';
import type { TOrderItemKind } from '@cypher/contract';
import type { Db } from '../../db/client.ts';
import { orders } from './orders.tables.ts';

/**
 * Route: none of its own; GET /v1/passes and /v1/passes/{id} through passes/pass-views.ts · Reads: orders (the
 * person's own, by orders_user_created_idx) · Tests: passes.test.ts.
 *
 * How many of each item `userId` has in orders still waiting for their payment: units held for them that count
 * against a per-person limit (purchase_allowances) before they are theirs, so a page can say so instead of offering
 * a purchase the limit will refuse.
 */
export async function pendingQuantities(
  db: Db,
  userId: string,
  kind: TOrderItemKind,
  itemIds: readonly string[],
): Promise<Map<string, number>> {
  if (itemIds.length === 0) return new Map();
  const rows = await db
    .select({ itemId: orders.itemId, quantity: sql<number>`sum(${orders.quantity})::int` })
    .from(orders)
    .where(
      and(
        eq(orders.userId, userId),
        eq(orders.status, 'PENDING'),
        eq(orders.itemKind, kind),
        inArray(orders.itemId, [...new Set(itemIds)]),
      ),
    )
    .groupBy(orders.itemId);
  return new Map(rows.map((row) => [row.itemId, row.quantity]));
}
