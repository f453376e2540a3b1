import { inArray } from 'drizzle-orm';
import {
  editionImageUrl,
  isEditionInCollection,
  isEditionLocked,
  type TBrandSummary,
  type TConsolePerson,
  type TEdition,
} from '@cypher/contract';
import type { Db } from '../../db/client.ts';
import { ttlCache } from '../../lib/ttl-cache.ts';
import { brandSummariesByIds } from '../catalog/brand-summaries.ts';
import { collectionSummariesByIds } from '../catalog/collection-summaries.ts';
import { productsByIds, type TProductFacts } from '../catalog/products-by-ids.ts';
import { peopleByIds } from '../users/people.ts';
import { editions, type TEditionRow } from './collection.tables.ts';

/*
 * Reads: editions, and through their owners' service functions products, brands, collections and people · Route:
 * the edition endpoints (collection.routes.ts) · Tests: editions.test.ts.
 */

/** What an edition's view needs of its row (My Collection reads only these, as JSON: list-my-editions.ts). */
export type TEditionListing = Pick<
  TEditionRow,
  | 'id'
  | 'productId'
  | 'serialNumber'
  | 'state'
  | 'type'
  | 'resourceUri'
  | 'brandId'
  | 'collectionId'
  | 'contractAddress'
  | 'tokenId'
  | 'ownerUserId'
  | 'createdAt'
>;

export interface TEditionView<Row extends TEditionListing = TEditionRow> {
  edition: TEdition;
  row: Row;
  product: TProductFacts;
}

type TFactsReader<V> = (db: Db, ids: readonly string[]) => Promise<Map<string, V>>;

/** Where an edition's view reads what other modules own: its product, brand and collection, and its owner. */
export interface EditionFacts {
  products: TFactsReader<TProductFacts>;
  brands: TFactsReader<TBrandSummary>;
  collections: TFactsReader<{ id: string; name: string }>;
  people: TFactsReader<TConsolePerson>;
}

/** Straight from their owners' functions: what a transaction reads, and every read when the caches are off. */
export const editionFactsFromDatabase: EditionFacts = {
  products: productsByIds,
  brands: brandSummariesByIds,
  collections: collectionSummariesByIds,
  people: peopleByIds,
};

/**
 * The same facts kept per process at most `ttlMs` (PUBLIC_RESPONSE_CACHE_MS, a second; decision record 18), for the
 * read routes: a page of My Collection then costs its own two queries, not six. A product's name or picture, a brand's,
 * a collection's or a nickname changed in the last second may show as it was; an edition's state and owner are its
 * own row's, always read fresh.
 */
export function cachedEditionFacts(ttlMs: number, now: () => number): EditionFacts {
  function cached<V>(read: TFactsReader<V>): TFactsReader<V> {
    const cache = ttlCache<V>(ttlMs, { now });
    return (db, ids) => cache.getMany(ids, (missing) => read(db, missing));
  }
  return {
    products: cached(productsByIds),
    brands: cached(brandSummariesByIds),
    collections: cached(collectionSummariesByIds),
    people: cached(peopleByIds),
  };
}

/**
 * Editions by id as the API shows them: their rows, then one query each for their products, brands, collections and
 * owners (never a join on another module's tables, decision record 14). Unknown ids are left out.
 */
export async function editionViewsByIds(
  db: Db,
  ids: readonly string[],
  facts: EditionFacts = editionFactsFromDatabase,
): Promise<Map<string, TEditionView>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  return editionViewsOf(db, await db.select().from(editions).where(inArray(editions.id, unique)), facts);
}

/**
 * Edition rows already read, as the API shows them: four queries (products, brands, collections, owners) in all, or
 * none for facts the caches hold.
 */
export async function editionViewsOf<Row extends TEditionListing>(
  db: Db,
  rows: readonly Row[],
  facts: EditionFacts = editionFactsFromDatabase,
): Promise<Map<string, TEditionView<Row>>> {
  if (rows.length === 0) return new Map();
  const [products, brands, collections, people] = await Promise.all([
    facts.products(
      db,
      rows.map((row) => row.productId),
    ),
    facts.brands(
      db,
      rows.map((row) => row.brandId),
    ),
    facts.collections(
      db,
      rows.flatMap((row) => row.collectionId ?? []),
    ),
    facts.people(
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
        type: row.type,
        resourceUri: row.resourceUri,
        imageUrl: editionImageUrl(row, product),
        product: {
          id: product.id,
          name: product.name,
          rarity: product.rarity,
          imageUrl: product.imageUrl,
          imageThumbnailUrl: product.imageThumbnailUrl,
          animationUrl: product.animationUrl,
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
