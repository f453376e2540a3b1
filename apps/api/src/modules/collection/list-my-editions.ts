import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { collectedEditionStates, type TMyCollection, type TMyCollectionQuery } from '@cypher/contract';
import type { Db } from '../../db/client.ts';
import { preparedQuery } from '../../db/prepared.ts';
import { pageWindow } from '../../http/pagination.ts';
import { editions } from './collection.tables.ts';
import { editionFactsFromDatabase, editionViewsOf, type EditionFacts } from './edition-views.ts';

/**
 * Route: GET /v1/editions · Reads: editions (index editions_owner_brand_acquired_idx), and through their owners'
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
  // Without a rarity or collection filter the total is the brand counts' sum (or one brand's count): no query for it.
  const needsCount = Boolean(query.rarity || query.collectionId);
  const params = {
    userId,
    brandId: query.brandId ?? null,
    collectionId: query.collectionId ?? null,
    rarity: query.rarity ?? null,
    limit,
    offset,
  };
  const statements = myEditionsStatements(db, query);
  const [rows, counted, brandCounts] = await Promise.all([
    statements.page.execute(params),
    needsCount ? statements.count.execute(params) : null,
    statements.brandCounts.execute({ userId }),
  ]);
  const total = counted
    ? (counted[0]?.value ?? 0)
    : brandCounts
        .filter((row) => !query.brandId || row.brandId === query.brandId)
        .reduce((sum, row) => sum + row.count, 0);
  const [views, brands] = await Promise.all([
    editionViewsOf(db, rows, facts),
    facts.brands(
      db,
      brandCounts.map((row) => row.brandId),
    ),
  ]);
  return {
    items: rows.map((row) => views.get(row.id)!.edition),
    page: query.page,
    size: query.size,
    total,
    brands: brandCounts
      .map((row) => ({ brand: brands.get(row.brandId)!, count: row.count }))
      .sort((a, b) => a.brand.name.localeCompare(b.brand.name)),
  };
}

/**
 * The page's statements for one shape of query (its sort and which filters it has), built and prepared once per
 * database handle: drizzle's builder and PostgreSQL's parse then run once, not on every page (the `collection` bench).
 * The values (me, the filters, the window) are placeholders.
 */
function myEditionsStatements(db: Db, query: TMyCollectionQuery) {
  const shape = `${query.sort}_${query.brandId ? 'b' : ''}${query.collectionId ? 'c' : ''}${query.rarity ? 'r' : ''}`;
  return preparedQuery(db, `my_editions_${shape}`, (handle) => {
    const mine = and(
      eq(editions.ownerUserId, sql.placeholder('userId')),
      inArray(editions.state, [...collectedEditionStates]),
    );
    const filtered = and(
      mine,
      query.brandId ? eq(editions.brandId, sql.placeholder('brandId')) : undefined,
      query.collectionId ? eq(editions.collectionId, sql.placeholder('collectionId')) : undefined,
      query.rarity ? eq(editions.rarity, sql.placeholder('rarity')) : undefined,
    );
    return {
      page: handle
        .select()
        .from(editions)
        .where(filtered)
        .orderBy(asc(editions.brandId), ...sortWithinBrand[query.sort])
        .limit(sql.placeholder('limit'))
        .offset(sql.placeholder('offset'))
        .prepare(`my_editions_page_${shape}`),
      count: handle.select({ value: count() }).from(editions).where(filtered).prepare(`my_editions_count_${shape}`),
      brandCounts: handle
        .select({ brandId: editions.brandId, count: count() })
        .from(editions)
        .where(mine)
        .groupBy(editions.brandId)
        .prepare('my_editions_brand_counts'),
    };
  });
}

const sortWithinBrand: Record<TMyCollectionQuery['sort'], SQL[]> = {
  newest: [desc(editions.acquiredAt), desc(editions.id)],
  rarity: [desc(editions.rarityRank), desc(editions.acquiredAt), desc(editions.id)],
  serial: [asc(editions.productId), asc(editions.serialNumber)],
};
