import { and, asc, desc, eq, inArray, isNotNull, type SQL } from 'drizzle-orm';
import { topRarity, type TPack } from '@cypher/contract';
import type { Db } from '../../../db/client.ts';
import { packItems } from '../../collection/pack-items.ts';
import { dropSummariesByIds } from '../drop-summaries.ts';
import { packs, salePolicies } from '../drops.tables.ts';

/**
 * Packs as their owner sees them: the drop and round they came from (a gift round's: given, decision record 36), and
 * once opened (never before) their editions from the collection, with spec section 9's image choice. `where` picks
 * the packs; only packs with an owner are ever shown.
 */
export async function packViews(db: Db, where: SQL | undefined): Promise<TPack[]> {
  const rows = await db
    .select({ pack: packs, round: salePolicies.round, isGift: salePolicies.isGiftRound })
    .from(packs)
    .innerJoin(salePolicies, eq(salePolicies.id, packs.policyId))
    .where(and(isNotNull(packs.ownerUserId), where))
    .orderBy(desc(packs.claimedAt), asc(packs.number));
  const dropsById = await dropSummariesByIds(
    db,
    rows.map((row) => row.pack.dropId),
  );
  const items = await packItems(
    db,
    rows.filter((row) => row.pack.openedAt !== null).map((row) => row.pack.id),
  );

  return rows.map(({ pack, round, isGift }) => {
    const { editionsPerPack: _perPack, ...drop } = dropsById.get(pack.dropId)!;
    const inside = items.get(pack.id) ?? [];
    return {
      id: pack.id,
      number: pack.number,
      drop,
      round,
      orderId: pack.orderId!,
      isOpened: pack.openedAt !== null,
      openedAt: pack.openedAt?.toISOString() ?? null,
      rarity: topRarity(inside.map((item) => item.product.rarity)),
      items: inside,
      purchasedAt: (pack.claimedAt ?? pack.openedAt ?? new Date(0)).toISOString(),
      isGift,
    };
  });
}

/** The pack each order holds (a gift order holds one; for a larger order, its first), by order id. Reads packs. */
export async function packsByOrderIds(
  db: Db,
  orderIds: readonly string[],
): Promise<Map<string, { id: string; number: number; isOpened: boolean }>> {
  const unique = [...new Set(orderIds)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({ id: packs.id, number: packs.number, orderId: packs.orderId, openedAt: packs.openedAt })
    .from(packs)
    .where(inArray(packs.orderId, unique))
    .orderBy(desc(packs.number));
  return new Map(
    rows.map((row) => [row.orderId!, { id: row.id, number: row.number, isOpened: row.openedAt !== null }]),
  );
}
