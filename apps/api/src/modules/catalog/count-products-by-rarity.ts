import { and, count, eq } from 'drizzle-orm';
import { rarities, rarityRank, type TRarityCount, type TRarityCountQuery } from '@cypher/contract';
import type { Db } from '../../db/client.ts';
import { productVisibility, type CatalogScope } from './catalog-scope.ts';
import { brands, collections, products } from './catalog.tables.ts';

/** GET /v1/products/rarities: every rarity in order, with how many visible products have it (zero included). */
export async function countProductsByRarity(
  db: Db,
  query: TRarityCountQuery,
  scope: CatalogScope,
): Promise<TRarityCount[]> {
  const rows = await db
    .select({ rarity: products.rarity, count: count() })
    .from(products)
    .innerJoin(brands, eq(brands.id, products.brandId))
    .leftJoin(collections, eq(collections.id, products.collectionId))
    .where(
      and(
        productVisibility(scope),
        query.brandId ? eq(products.brandId, query.brandId) : undefined,
        query.collectionId ? eq(products.collectionId, query.collectionId) : undefined,
      ),
    )
    .groupBy(products.rarity);
  const counts = new Map(rows.map((row) => [row.rarity, row.count]));
  return rarities.map((rarity) => ({ rarity, rank: rarityRank(rarity), count: counts.get(rarity) ?? 0 }));
}
