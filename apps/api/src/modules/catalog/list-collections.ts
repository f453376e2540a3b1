import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { TCollection, TCollectionListQuery, TPage } from '@cypher/contract';
import type { Db } from '../../db/client.ts';
import { containsText } from '../../db/search.ts';
import { pageWindow, toPage } from '../../http/pagination.ts';
import { ownedVisibility, type CatalogScope } from './catalog-scope.ts';
import { brands, collections } from './catalog.tables.ts';
import { selectCollectionRows, toCollectionFromRow } from './collection-query.ts';

const collectionOrder = {
  sortOrder: [asc(collections.sortOrder), asc(collections.name), asc(collections.id)],
  name: [asc(collections.name), asc(collections.id)],
  '-name': [desc(collections.name), desc(collections.id)],
  createdAt: [asc(collections.createdAt), asc(collections.id)],
  '-createdAt': [desc(collections.createdAt), desc(collections.id)],
} as const;

export async function listCollections(
  db: Db,
  query: TCollectionListQuery,
  scope: CatalogScope,
): Promise<TPage<TCollection>> {
  const where = and(
    ownedVisibility(scope, collections),
    query.brandId ? eq(collections.brandId, query.brandId) : undefined,
    query.licenseId ? eq(collections.licenseId, query.licenseId) : undefined,
    query.q ? containsText(collections.name, query.q) : undefined,
  );
  const { limit, offset } = pageWindow(query);
  const rows = await selectCollectionRows(db, scope)
    .where(where)
    .orderBy(...collectionOrder[query.sort])
    .limit(limit)
    .offset(offset);
  const [counted] = await db
    .select({ total: count() })
    .from(collections)
    .innerJoin(brands, eq(brands.id, collections.brandId))
    .where(where);
  return toPage(rows.map(toCollectionFromRow), query, counted?.total ?? 0);
}
