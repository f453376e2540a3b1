import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orders, purchaseAllowances } from './orders.tables.ts';

/**
 * Route: GET /v1/drops/{id} signed in (drops' drop-viewer.ts) · Writes: nothing · Reads: purchase_allowances, orders ·
 * UI: features/drops drop page · Tests: drops/drops.test.ts, orders/card-orders.test.ts.
 *
 * Where a buyer stands in a drop, for the drop page (reads only): what they bought or hold in one round (the
 * per-person limit's count) and the packs of the whole drop they bought or hold. A failed or timed-out order gave its
 * packs back, so only pending and successful orders count. Of those, the packs of pending orders are only held while
 * the person pays, and the drop page says so (a card or Tilia hold may still time out): they come from the same read,
 * with the newest pending order for its status page, since every signed-in visitor of a drop page asks for this.
 */
export async function buyerStanding(
  db: Db,
  input: { dropId: string; policyId: string | null; userId: string },
): Promise<{
  purchasedInRound: number;
  packCount: number;
  heldCount: number;
  heldOrderId: string | null;
  heldInRoundOrderId: string | null;
}> {
  const [allowance] = input.policyId
    ? await db
        .select({ purchased: purchaseAllowances.purchased })
        .from(purchaseAllowances)
        .where(and(eq(purchaseAllowances.itemId, input.policyId), eq(purchaseAllowances.userId, input.userId)))
    : [];
  const [held] = await db
    .select({
      packs: sql<string | number>`coalesce(sum(${orders.quantity}), 0)`,
      heldPacks: sql<string | number>`coalesce(sum(${orders.quantity}) filter (where ${orders.status} = 'PENDING'), 0)`,
      // Order ids are UUID v7, so the greatest is the newest.
      heldOrderId: sql<string | null>`max(${orders.id}::text) filter (where ${orders.status} = 'PENDING')`,
      // The same, of the round on sale only (a round's id is its orders' item_id): a raffle's panel speaks of it.
      heldInRoundOrderId: input.policyId
        ? sql<
            string | null
          >`max(${orders.id}::text) filter (where ${orders.status} = 'PENDING' and ${orders.itemId} = ${input.policyId})`
        : sql<null>`null`,
    })
    .from(orders)
    .where(
      and(
        eq(orders.userId, input.userId),
        eq(orders.dropId, input.dropId),
        inArray(orders.status, ['PENDING', 'SUCCESSFUL']),
      ),
    );
  return {
    purchasedInRound: allowance?.purchased ?? 0,
    packCount: Number(held?.packs ?? 0),
    heldCount: Number(held?.heldPacks ?? 0),
    heldOrderId: held?.heldOrderId ?? null,
    heldInRoundOrderId: held?.heldInRoundOrderId ?? null,
  };
}
