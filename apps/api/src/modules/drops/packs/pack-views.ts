import { and, asc, desc, eq, isNotNull, type SQL } from 'drizzle-orm';
import { topRarity, type TPack } from '@cypher/contract';
import type { Db } from '../../../db/client.ts';
import { packItems } from '../../collection/pack-items.ts';
import { dropSummariesByIds } from '../drop-summaries.ts';
import { packs, salePolicies } from '../drops.tables.ts';

/**
 * Packs as their owner sees them: the drop and round they came from, and once opened (never before) their editions
 * from the collection, with spec section 9's image choice. `where` picks the packs; only packs with an owner are
 * ever shown.
 */
export async function packViews(db: Db, where: SQL | undefined): Promise<TPack[]> {
  const rows = await db
    .select({ pack: packs, round: salePolicies.round })
    .from(packs)
    .innerJoin(salePolicies, eq(salePolicies.id, packs.policyId))
    .where(and(isNotNull(packs.ownerUserId), where))
    .orderBy(desc(packs.claimedAt), asc(packs.number));
  const dropsById = await dropSummariesByIds(db, rows.map((row) => row.pack.dropId));
  const items = await packItems(db, rows.filter((row) => row.pack.openedAt !== null).map((row) => row.pack.id));

  return rows.map(({ pack, round }) => {
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
    };
  });
}
