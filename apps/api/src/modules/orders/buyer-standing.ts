import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orders, purchaseAllowances } from './orders.tables.ts';

/**
 * Route: GET /v1/drops/{id} signed in (drops' drop-viewer.ts) · Writes: nothing · Reads: purchase_allowances, orders ·
 * UI: features/drops drop page · Tests: drops/drops.test.ts.
 *
 * Where a buyer stands in a drop, for the drop page (reads only): what they bought or hold in one round (the
 * per-person limit's count) and the packs of the whole drop they bought or hold. A failed or timed-out order gave its
 * packs back, so only pending and successful orders count.
 */
export async function buyerStanding(
  db: Db,
  input: { dropId: string; policyId: string | null; userId: string },
): Promise<{ purchasedInRound: number; packCount: number }> {
  const [allowance] = input.policyId
    ? await db
        .select({ purchased: purchaseAllowances.purchased })
        .from(purchaseAllowances)
        .where(and(eq(purchaseAllowances.itemId, input.policyId), eq(purchaseAllowances.userId, input.userId)))
    : [];
  const [held] = await db
    .select({ packs: sql<string | number>`coalesce(sum(${orders.quantity}), 0)` })
    .from(orders)
    .where(
      and(
        eq(orders.userId, input.userId),
        eq(orders.dropId, input.dropId),
        inArray(orders.status, ['PENDING', 'SUCCESSFUL']),
      ),
    );
  return { purchasedInRound: allowance?.purchased ?? 0, packCount: Number(held?.packs ?? 0) };
}
