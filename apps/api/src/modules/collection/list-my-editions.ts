import { and, asc, count, desc, eq, gt, sql, type SQL } from 'drizzle-orm';
import { collectedEditionStates, type TMyCollection, type TMyCollectionQuery } from '@cypher/contract';
import { isOneOf } from '../../db/checks.ts';
import type { Db } from '../../db/client.ts';
import { preparedQuery } from '../../db/prepared.ts';
import { pageWindow } from '../../http/pagination.ts';
import { collectionBrandCounts, editions } from './collection.tables.ts';
import { editionFactsFromDatabase, editionViewsOf, type EditionFacts } from './edition-views.ts';

/**
 * Route: GET /v1/editions · Reads: editions (the editions_collected_* indexes, one per sort), collection_brand_counts
 * (kept by a trigger on editions), and through their owners'
 * functions products, brands, collections and people · UI: features/collection my-collection-page.tsx · Tests:
 * my-collection.test.ts, bench `collection`.
 *
 * My Collection: the editions I hold (owned, on a figure base, locked or for sale; a pack still closed shows as a
 * pack), grouped by brand (brand after brand, each sorted by `sort`), with filters, and every brand's count for the
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
  });
  // The summary is on every row, and on the one row with no edition when the page is past the end.
  const { brandCounts, filteredTotal } = rows[0]!.summary;
  const pageRows = rows.flatMap((row) => row.edition ?? []);
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
    brands: brandCounts
      .map((row) => ({ brand: brands.get(row.brandId)!, count: row.count }))
      .sort((a, b) => a.brand.name.localeCompare(b.brand.name)),
  };
}

/**
 * The page as one statement for one shape of query (its sort and which filters it has), built and prepared once per
 * database handle: drizzle's builder and PostgreSQL's parse run once, not on every page, and the page costs one round
 * trip, not two (the `collection` bench found the time in those trips, not in PostgreSQL's work). A summary row, every
 * brand's count (and the filtered total when a filter the counts cannot answer is set), joined laterally to the page,
 * so a page past the end still has its summary. The values (me, the filters, the window) are placeholders.
 */
function myEditionsStatement(db: Db, query: TMyCollectionQuery) {
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
    // Every brand's count from the counts the editions' trigger keeps (migration 0034): a row per brand held, not a
    // count over every edition held.
    const counted = handle
      .select({ brandId: collectionBrandCounts.brandId, count: collectionBrandCounts.editionCount })
      .from(collectionBrandCounts)
      .where(
        and(
          eq(collectionBrandCounts.ownerUserId, sql.placeholder('userId')),
          gt(collectionBrandCounts.editionCount, 0),
        ),
      )
      .as('counted');
    const filteredTotal = needsCount
      ? sql<number>`(${handle.select({ value: count() }).from(editions).where(filtered)})`
      : sql<null>`null::int`;
    const summary = handle
      .select({
        brandCounts: sql<{ brandId: string; count: number }[]>`coalesce(
          json_agg(json_build_object('brandId', ${counted.brandId}, 'count', ${counted.count})), '[]'::json)`.as(
          'brand_counts',
        ),
        filteredTotal: filteredTotal.mapWith(Number).as('filtered_total'),
      })
      .from(counted)
      .as('summary');
    const page = handle
      .select()
      .from(editions)
      .where(filtered)
      .orderBy(asc(editions.brandId), ...sortWithinBrand[query.sort])
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .as('page');
    return handle
      .select({
        summary: { brandCounts: summary.brandCounts, filteredTotal: summary.filteredTotal },
        edition: page._.selectedFields,
      })
      .from(summary)
      .leftJoinLateral(page, sql`true`)
      .prepare(`my_editions_${shape}`);
  });
}

const sortWithinBrand: Record<TMyCollectionQuery['sort'], SQL[]> = {
  newest: [desc(editions.acquiredAt), desc(editions.id)],
  rarity: [desc(editions.rarityRank), desc(editions.acquiredAt), desc(editions.id)],
  serial: [asc(editions.productId), asc(editions.serialNumber)],
};
