import { count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { brands, collections, products } from './catalog.tables.ts';
import { brandSummaryColumns, collectionSummaryColumns, toProductListItem } from './catalog-views.ts';

/**
 * Products with the brand and collection every card shows. The collection is joined whatever its status, because
 * `productVisibility` decides on it (a public product is in a published collection or none). Callers add the where.
 */
export function selectProductRows(db: Db) {
  return db
    .select({ product: products, brand: brandSummaryColumns, collection: collectionSummaryColumns })
    .from(products)
    .innerJoin(brands, eq(brands.id, products.brandId))
    .leftJoin(collections, eq(collections.id, products.collectionId))
    .$dynamic();
}

export function countProductRows(db: Db) {
  return db
    .select({ total: count() })
    .from(products)
    .innerJoin(brands, eq(brands.id, products.brandId))
    .leftJoin(collections, eq(collections.id, products.collectionId))
    .$dynamic();
}

export type TProductQueryRow = Awaited<ReturnType<typeof selectProductRows>>[number];

export function toProductListItemFromRow(row: TProductQueryRow) {
  return toProductListItem(row.product, row.brand, row.collection);
}
