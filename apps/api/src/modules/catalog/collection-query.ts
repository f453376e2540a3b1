import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { isPublic, type CatalogScope } from './catalog-scope.ts';
import { brands, collections, licenses } from './catalog.tables.ts';
import { brandSummaryColumns, licenseSummaryColumns, toCollection } from './catalog-views.ts';

/**
 * Collections with their brand and license, as list, detail and grouped reads all need them. The public sees a
 * draft license as none at all. Callers add the where clause (with `ownedVisibility(scope, collections)`).
 */
export function selectCollectionRows(db: Db, scope: CatalogScope) {
  const licenseJoin = isPublic(scope)
    ? and(eq(licenses.id, collections.licenseId), eq(licenses.status, 'PUBLISHED'))
    : eq(licenses.id, collections.licenseId);
  return db
    .select({ collection: collections, brand: brandSummaryColumns, license: licenseSummaryColumns })
    .from(collections)
    .innerJoin(brands, eq(brands.id, collections.brandId))
    .leftJoin(licenses, licenseJoin)
    .$dynamic();
}

export type TCollectionQueryRow = Awaited<ReturnType<typeof selectCollectionRows>>[number];

export function toCollectionFromRow(row: TCollectionQueryRow) {
  return toCollection(row.collection, row.brand, row.license);
}
