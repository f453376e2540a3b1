import { and, asc, count, eq, exists, inArray } from 'drizzle-orm';
import type { TBrandCollections, TBrandCollectionsQuery, TPage } from '@cypher/contract';
import type { Db } from '../../db/client.ts';
import { pageWindow, toPage } from '../../http/pagination.ts';
import { brandVisibility, ownedVisibility, type CatalogScope } from './catalog-scope.ts';
import { brands, collections } from './catalog.tables.ts';
import { brandSummaryColumns, toBrandSummary } from './catalog-views.ts';
import { selectCollectionRows, toCollectionFromRow } from './collection-query.ts';

/**
 * GET /v1/collections/brands: a page of brands that have something to show, each with all its visible collections
 * in their display order. Two queries, whatever the page size.
 */
export async function listBrandCollections(
  db: Db,
  query: TBrandCollectionsQuery,
  scope: CatalogScope,
): Promise<TPage<TBrandCollections>> {
  const hasVisibleCollection = exists(
    db
      .select({ id: collections.id })
      .from(collections)
      .where(and(eq(collections.brandId, brands.id), ownedVisibility(scope, collections))),
  );
  const where = and(brandVisibility(scope), query.type ? eq(brands.type, query.type) : undefined, hasVisibleCollection);
  const { limit, offset } = pageWindow(query);
  const brandRows = await db
    .select(brandSummaryColumns)
    .from(brands)
    .where(where)
    .orderBy(asc(brands.name), asc(brands.id))
    .limit(limit)
    .offset(offset);
  const [counted] = await db.select({ total: count() }).from(brands).where(where);

  const brandIds = brandRows.map((brand) => brand.id);
  const collectionRows =
    brandIds.length === 0
      ? []
      : await selectCollectionRows(db, scope)
          .where(and(inArray(collections.brandId, brandIds), ownedVisibility(scope, collections)))
          .orderBy(asc(collections.sortOrder), asc(collections.name), asc(collections.id));

  const items = brandRows.map((brand) => ({
    brand: toBrandSummary(brand),
    collections: collectionRows.filter((row) => row.collection.brandId === brand.id).map(toCollectionFromRow),
  }));
  return toPage(items, query, counted?.total ?? 0);
}
