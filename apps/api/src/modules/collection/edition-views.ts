import { inArray } from 'drizzle-orm';
import { isEditionInCollection, isEditionLocked, type TEdition } from '@cypher/contract';
import type { Db } from '../../db/client.ts';
import { brandSummariesByIds } from '../catalog/brand-summaries.ts';
import { collectionSummariesByIds } from '../catalog/collection-summaries.ts';
import { productsByIds, type TProductFacts } from '../catalog/products-by-ids.ts';
import { peopleByIds } from '../users/people.ts';
import { editions, type TEditionRow } from './collection.tables.ts';

/*
 * Reads: editions, and through their owners' service functions products, brands, collections and people · Route:
 * the edition endpoints (collection.routes.ts) · Tests: editions.test.ts.
 */

export interface TEditionView {
  edition: TEdition;
  row: TEditionRow;
  product: TProductFacts;
}

/**
 * Editions by id as the API shows them: their rows, then one query each for their products, brands, collections and
 * owners (never a join on another module's tables, decision record 14). Unknown ids are left out.
 */
export async function editionViewsByIds(db: Db, ids: readonly string[]): Promise<Map<string, TEditionView>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  return editionViewsOf(db, await db.select().from(editions).where(inArray(editions.id, unique)));
}

/** Edition rows already read, as the API shows them: four queries (products, brands, collections, owners) in all. */
export async function editionViewsOf(db: Db, rows: readonly TEditionRow[]): Promise<Map<string, TEditionView>> {
  if (rows.length === 0) return new Map();
  const [products, brands, collections, people] = await Promise.all([
    productsByIds(
      db,
      rows.map((row) => row.productId),
    ),
    brandSummariesByIds(
      db,
      rows.map((row) => row.brandId),
    ),
    collectionSummariesByIds(
      db,
      rows.flatMap((row) => row.collectionId ?? []),
    ),
    peopleByIds(
      db,
      rows.flatMap((row) => row.ownerUserId ?? []),
    ),
  ]);
  return new Map(
    rows.map((row) => {
      const product = products.get(row.productId)!;
      const owner = row.ownerUserId && isEditionInCollection(row.state) ? people.get(row.ownerUserId) : undefined;
      const edition: TEdition = {
        id: row.id,
        serialNumber: row.serialNumber,
        editionSize: product.editionSize,
        state: row.state,
        isLocked: isEditionLocked(row.state),
        product: {
          id: product.id,
          name: product.name,
          rarity: product.rarity,
          imageUrl: product.imageUrl,
          imageThumbnailUrl: product.imageThumbnailUrl,
        },
        brand: brands.get(row.brandId)!,
        collection: row.collectionId ? (collections.get(row.collectionId) ?? null) : null,
        contractAddress: row.contractAddress,
        tokenId: String(row.tokenId),
        owner: owner ? { id: owner.id, nickname: owner.nickname } : null,
        createdAt: row.createdAt.toISOString(),
      };
      return [row.id, { edition, row, product }];
    }),
  );
}
