import { inArray } from 'drizzle-orm';
import { editionImageUrl, type TPackItem } from '@cypher/contract';
import type { Db } from '../../db/client.ts';
import { productsByIds } from '../catalog/products-by-ids.ts';
import { editions } from './collection.tables.ts';

/**
 * What opened packs hold, as spec section 3's pack detail (the product's rarity and thumbnail, the edition's type and
 * resource, and spec section 9's image choice), by pack id, rarest first. Reads only.
 */
export async function packItems(db: Db, packIds: readonly string[]): Promise<Map<string, TPackItem[]>> {
  const byPack = new Map<string, TPackItem[]>();
  if (packIds.length === 0) return byPack;
  const rows = await db
    .select()
    .from(editions)
    .where(inArray(editions.packId, [...packIds]));
  const products = await productsByIds(
    db,
    rows.map((row) => row.productId),
  );
  const ranked = rows
    .map((row) => ({ row, product: products.get(row.productId)! }))
    .sort((a, b) => b.product.rarityRank - a.product.rarityRank || a.row.serialNumber - b.row.serialNumber);
  for (const { row, product } of ranked) {
    const edition = { id: row.id, serialNumber: row.serialNumber, type: row.type, resourceUri: row.resourceUri };
    const item: TPackItem = {
      product: {
        id: product.id,
        name: product.name,
        rarity: product.rarity,
        imageThumbnailUrl: product.imageThumbnailUrl,
        editionSize: product.editionSize,
      },
      edition,
      imageUrl: editionImageUrl(edition, product),
    };
    byPack.set(row.packId!, [...(byPack.get(row.packId!) ?? []), item]);
  }
  return byPack;
}
