import { and, asc, count, eq, gt, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { collectedEditionStates, type TMyCollection, type TMyCollectionQuery } from '@cypher/contract';
import { isOneOf } from '../../db/checks.ts';
import type { Db } from '../../db/client.ts';
import { preparedQuery } from '../../db/prepared.ts';
import { pageWindow } from '../../http/pagination.ts';
import { brandNameSortKey } from '../catalog/brand-summaries.ts';
import { collectionBrandCounts, editions } from './collection.tables.ts';
import { editionFactsFromDatabase, editionViewsOf, type EditionFacts, type TEditionListing } from './edition-views.ts';

/**
 * Route: GET /v1/editions · Reads: editions (the editions_collected_* indexes, one per sort), collection_brand_counts
 * (kept by a trigger on editions), brands' names to order them (the catalogue's brandNameSortKey), and through their
 * owners' functions products, brands, collections and people · UI: features/collection my-collection-page.tsx ·
 * Tests: my-collection.test.ts, bench `collection`.
 *
 * My Collection: the editions I hold (owned, on a figure base, locked or for sale; a pack still closed shows as a
 * pack), grouped by brand (brand after brand by name, each sorted by `sort`), with filters, and every brand's count for the
 * chips. A fixed number of queries whatever the collection's size: the page, the brand counts (and the total under a
 * rarity or collection filter), then one query each for the page's products, brands, collections and owners, and the
 * counted brands (my-collection.test.ts counts them).
 */
export async function listMyEditions(
  db: Db,
  userId: string,
  query: TMyCollectionQuery,
  facts: EditionFacts = editionFactsFromDatabase,
): Promise<TMyCollection> {
  const { limit, offset } = pageWindow(query);
  const rows = await myEditionsStatement(db, query).execute({
    userId,
    brandId: query.brandId ?? null,
    collectionId: query.collectionId ?? null,
    rarity: query.rarity ?? null,
    limit,
    offset,
    reach: offset + limit,
  });
  const { brandCounts, filteredTotal, page } = rows[0]!;
  // Every brand's editions up to the page's end, brand after brand: the page is its window.
  const entries = query.brandId ? (page as unknown[][]) : (page as unknown[][][]).flat().slice(offset, offset + limit);
  const pageRows = entries.map(listingOf);
  // Without a rarity or collection filter the total is the brand counts' sum (or one brand's count): not counted again.
  const total =
    filteredTotal ??
    brandCounts
      .filter((row) => !query.brandId || row.brandId === query.brandId)
      .reduce((sum, row) => sum + row.count, 0);
  const [views, brands] = await Promise.all([
    editionViewsOf(db, pageRows, facts),
    facts.brands(
      db,
      brandCounts.map((row) => row.brandId),
    ),
  ]);
  return {
    items: pageRows.map((row) => views.get(row.id)!.edition),
    page: query.page,
    size: query.size,
    total,
    // In the order the editions come in, brand after brand, so the chips read in the order of the groups below them.
    brands: brandCounts.map((row) => ({ brand: brands.get(row.brandId)!, count: row.count })),
  };
}

/**
 * The page as one statement for one shape of query (its sort and which filters it has), built and prepared once per
 * database handle: drizzle's builder and PostgreSQL's parse run once, not on every page, and the page costs one round
 * trip, not two (the `collection` bench found the time in those trips, not in PostgreSQL's work). One row: every
 * brand's count (and the filtered total when a filter the counts cannot answer is set), and the page's editions as one
 * JSON array, so the driver parses one value instead of drizzle mapping each field of each row (a quarter of the
 * route's time in the bench's profile). The values (me, the filters, the window) are placeholders.
 */
export function myEditionsStatement(db: Db, query: TMyCollectionQuery) {
  const shape = `${query.sort}_${query.brandId ? 'b' : ''}${query.collectionId ? 'c' : ''}${query.rarity ? 'r' : ''}`;
  // A filter the brand counts cannot answer: then the filtered editions are counted too.
  const needsCount = Boolean(query.rarity || query.collectionId);
  return preparedQuery(db, `my_editions_${shape}`, (handle) => {
    // The states as literals, not parameters: the plan kept for the prepared statement can then use the partial
    // indexes, whose condition is these states.
    const filtered = and(
      eq(editions.ownerUserId, sql.placeholder('userId')),
      isOneOf(editions.state, collectedEditionStates),
      query.brandId ? eq(editions.brandId, sql.placeholder('brandId')) : undefined,
      query.collectionId ? eq(editions.collectionId, sql.placeholder('collectionId')) : undefined,
      query.rarity ? eq(editions.rarity, sql.placeholder('rarity')) : undefined,
    );
    const counted = brandsHeld(handle);
    const filteredTotal = needsCount
      ? sql<number>`(${handle.select({ value: count() }).from(editions).where(filtered)})`
      : sql<null>`null::int`;
    const inOrder = sql.join(sortWithinBrand[query.sort], sql`, `);
    // One brand: its page from the sort's index, in order. Every brand: per brand held, in the brands' order, its
    // editions from the same index up to the page's end (`reach`), less what the brands before it hold when the
    // counts say so (no rarity or collection filter): brands past the page read nothing, and the page is cut from
    // them in order (listMyEditions). Only the brands' own rows are sorted, never the editions.
    const page = query.brandId
      ? sql<unknown[][]>`(select coalesce(json_agg(${sql.identifier('page')}.${sql.identifier('entry')}), '[]'::json)
          from (select ${editionListingJson} as entry from ${editions} where ${filtered} order by ${inOrder}
                limit ${sql.placeholder('limit')} offset ${sql.placeholder('offset')}) as page)`
      : sql<unknown[][][]>`coalesce(json_agg(
          (select coalesce(json_agg(${sql.identifier('of_brand')}.${sql.identifier('entry')}), '[]'::json)
           from (select ${editionListingJson} as entry from ${editions}
                 where ${and(filtered, eq(editions.brandId, counted.brandId))} order by ${inOrder}
                 limit greatest(0, ${sql.placeholder('reach')} - ${needsCount ? sql`0` : counted.heldBefore})) as of_brand)
          order by ${counted.position}), '[]'::json)`;
    return handle
      .select({
        brandCounts: sql<{ brandId: string; count: number }[]>`coalesce(
          json_agg(json_build_object('brandId', ${counted.brandId}, 'count', ${counted.count}) order by ${counted.position}),
          '[]'::json)`,
        filteredTotal: filteredTotal.mapWith(Number),
        // Aggregated straight from an ordered subquery, which keeps its order (PostgreSQL's documentation on
        // aggregate input order).
        page,
      })
      .from(counted)
      .prepare(`my_editions_${shape}`);
  });
}

/**
 * Every brand I hold, with its count from the counts the editions' trigger keeps (migration 0034: a row per brand
 * held, not a count over every edition held), its place among them by name (the catalogue's sort key), and how many
 * editions the brands before it hold. My Collection is "sorted by brand" (product spec, section 1): by the brands'
 * names, which a collector reads, where their ids ordered it before.
 */
function brandsHeld(handle: Db) {
  const byName = sql`order by ${brandNameSortKey(collectionBrandCounts.brandId)}, ${collectionBrandCounts.brandId}`;
  return handle
    .select({
      brandId: collectionBrandCounts.brandId,
      count: collectionBrandCounts.editionCount,
      position: sql<number>`row_number() over (${byName})`.as('position'),
      heldBefore: sql<number>`coalesce(sum(${collectionBrandCounts.editionCount}) over (${byName}
        rows between unbounded preceding and 1 preceding), 0)`.as('held_before'),
    })
    .from(collectionBrandCounts)
    .where(
      and(eq(collectionBrandCounts.ownerUserId, sql.placeholder('userId')), gt(collectionBrandCounts.editionCount, 0)),
    )
    .as('counted');
}

/**
 * The columns an edition's view needs, in the order each entry of the page's JSON carries them: an array, not an
 * object, so PostgreSQL writes and the driver parses no key 24 times (a third less of the statement's time).
 */
const listingColumns = {
  id: editions.id,
  productId: editions.productId,
  serialNumber: editions.serialNumber,
  state: editions.state,
  type: editions.type,
  resourceUri: editions.resourceUri,
  brandId: editions.brandId,
  collectionId: editions.collectionId,
  contractAddress: editions.contractAddress,
  tokenId: editions.tokenId,
  ownerUserId: editions.ownerUserId,
  createdAt: editions.createdAt,
} satisfies Record<keyof TEditionListing, AnyPgColumn>;
const listingKeys = Object.keys(listingColumns) as (keyof TEditionListing)[];
const editionListingJson = sql`json_build_array(${sql.join(Object.values(listingColumns), sql`, `)})`;

/** An entry of the page's JSON as an edition's listing: its values by position, its time (JSON text) as a date. */
function listingOf(entry: unknown[]): TEditionListing {
  const listing: Record<string, unknown> = {};
  listingKeys.forEach((key, index) => {
    listing[key] = entry[index];
  });
  listing.createdAt = new Date(listing.createdAt as string);
  return listing as TEditionListing;
}

/**
 * Descending as the editions_collected_* indexes are built: drizzle's index `.desc()` is NULLS LAST, where a bare
 * `desc` sorts nulls first. With the bare one PostgreSQL could not read the index in the page's order: it read every
 * edition of the brand and sorted them (501 rows for a page of 24 in the `collection` bench; the plan test in
 * my-collection.test.ts watches this).
 */
const descending = (column: AnyPgColumn) => sql`${column} desc nulls last`;

const sortWithinBrand: Record<TMyCollectionQuery['sort'], SQL[]> = {
  newest: [descending(editions.acquiredAt), descending(editions.id)],
  rarity: [descending(editions.rarityRank), descending(editions.acquiredAt), descending(editions.id)],
  serial: [asc(editions.serialNumber), asc(editions.productId)],
};
