import { asc, inArray } from 'drizzle-orm';
import type { TProductProperty, TPublicationStatus, TRarity } from '@cypher/contract';
import type { Db } from '../../db/client.ts';
import { products } from './catalog.tables.ts';

/** What other modules need of a product beside their own rows (a drop's contents, a pack's editions). */
export interface TProductFacts {
  id: string;
  brandId: string;
  collectionId: string | null;
  name: string;
  description: string | null;
  rarity: TRarity;
  /** COMMON 1 ... LEGENDARY 4, for ordering rarest first. */
  rarityRank: number;
  imageUrl: string;
  imageThumbnailUrl: string;
  /** Its video (MP4 or WebM), or null. */
  animationUrl: string | null;
  /** Its traits ("Background: Neon"), which every edition of it carries. */
  properties: TProductProperty[];
  editionSize: number | null;
  status: TPublicationStatus;
}

/**
 * Products by id, drafts included, in one query. With `lock`, the rows are locked FOR NO KEY UPDATE in id order, for a
 * caller that must keep another transaction doing the same, or editing the product, from going on until it commits.
 * Two kinds of callers take it. Whatever reserves a product's next run of serial numbers does, through
 * checkDropProducts with `publication: true` (drop-products.ts): starting a drop's publication, an edition pool, a
 * fusion's result; two publications sharing several products lock them in the same order, so they queue instead of
 * deadlocking. A figure base's slot write does (figure-base-slot-writes.ts), so a product edit (update-product.ts,
 * FOR UPDATE) cannot change a product's rarity or collection between the slot's read and its commit.
 *
 * Not FOR UPDATE: that conflicts with the FOR KEY SHARE lock every foreign key check takes on the row, so each
 * purchase and pack opening (their product_activities rows point at the product) would wait for the lock's holder
 * to commit. NO KEY UPDATE conflicts with itself, SHARE and UPDATE, never with KEY SHARE.
 */
export async function productsByIds(
  db: Db,
  ids: readonly string[],
  options: { lock?: boolean } = {},
): Promise<Map<string, TProductFacts>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const query = db
    .select({
      id: products.id,
      brandId: products.brandId,
      collectionId: products.collectionId,
      name: products.name,
      description: products.description,
      rarity: products.rarity,
      rarityRank: products.rarityRank,
      imageUrl: products.imageUrl,
      imageThumbnailUrl: products.imageThumbnailUrl,
      animationUrl: products.animationUrl,
      properties: products.properties,
      editionSize: products.editionSize,
      status: products.status,
    })
    .from(products)
    .where(inArray(products.id, unique))
    .orderBy(asc(products.id));
  const rows = options.lock ? await query.for('no key update') : await query;
  return new Map(rows.map((row) => [row.id, { ...row, rarityRank: Number(row.rarityRank) }]));
}
