import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { productsByIds, type TProductFacts } from '../catalog/products-by-ids.ts';
import { dropContents } from './drops.tables.ts';

export interface TDropContentRow {
  dropId: string;
  product: TProductFacts;
  editionCount: number;
  firstSerialNumber: number | null;
}

/** The contents of the given drops with their products (asked of the catalogue by id), rarest first, then by name. */
export async function dropContentsWithProducts(db: Db, dropIds: readonly string[]): Promise<TDropContentRow[]> {
  if (dropIds.length === 0) return [];
  const rows = await db
    .select()
    .from(dropContents)
    .where(inArray(dropContents.dropId, [...dropIds]));
  const products = await productsByIds(
    db,
    rows.map((row) => row.productId),
  );
  return rows
    .map((row) => ({
      dropId: row.dropId,
      product: products.get(row.productId)!,
      editionCount: row.editionCount,
      firstSerialNumber: row.firstSerialNumber,
    }))
    .sort((a, b) => b.product.rarityRank - a.product.rarityRank || a.product.name.localeCompare(b.product.name));
}
