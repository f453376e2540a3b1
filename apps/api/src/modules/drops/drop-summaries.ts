import { inArray } from 'drizzle-orm';
import type { TBrandSummary } from '@cypher/contract';
import type { Db } from '../../db/client.ts';
import { brandSummariesByIds } from '../catalog/brand-summaries.ts';
import { drops } from './drops.tables.ts';

export interface TDropSummary {
  id: string;
  name: string;
  imageUrl: string;
  brand: TBrandSummary;
  editionsPerPack: number;
}

/** Drops as other modules show them beside their own rows (orders, packs): one query for the ids a page names. */
export async function dropSummariesByIds(db: Db, ids: readonly string[]): Promise<Map<string, TDropSummary>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({
      id: drops.id,
      name: drops.name,
      imageUrl: drops.imageUrl,
      brandId: drops.brandId,
      editionsPerPack: drops.editionsPerPack,
    })
    .from(drops)
    .where(inArray(drops.id, unique));
  const brands = await brandSummariesByIds(
    db,
    rows.map((row) => row.brandId),
  );
  return new Map(rows.map(({ brandId, ...row }) => [row.id, { ...row, brand: brands.get(brandId)! }]));
}
