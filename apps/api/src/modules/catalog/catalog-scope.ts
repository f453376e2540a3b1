import { and, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { TPublicationStatus } from '@cypher/contract';
import type { Operator } from '../../http/operator-guard.ts';
import { brands, collections, products } from './catalog.tables.ts';

/**
 * Who a catalogue read is for. The public sees only what is published, and only under a published brand (and, for a
 * product, in a published collection or none): unpublishing a brand hides everything under it in one move. Operators
 * see drafts too, narrowed to the brands they manage, optionally to one status.
 */
export type CatalogScope =
  | { audience: 'public' }
  | { audience: 'operator'; brandIds: readonly string[] | 'all'; status?: TPublicationStatus | undefined };

export const publicScope: CatalogScope = { audience: 'public' };

/** Everything, drafts included: what the console loads before and after a change. */
export const everythingScope: CatalogScope = { audience: 'operator', brandIds: 'all' };

export function operatorScope(operator: Operator, status?: TPublicationStatus): CatalogScope {
  return { audience: 'operator', brandIds: operator.isAdmin ? 'all' : operator.brandIds, status };
}

export function isPublic(scope: CatalogScope): boolean {
  return scope.audience === 'public';
}

function inBrands(column: AnyPgColumn, brandIds: readonly string[] | 'all'): SQL | undefined {
  return brandIds === 'all' ? undefined : inArray(column, [...brandIds]);
}

/** For queries over `brands`. */
export function brandVisibility(scope: CatalogScope): SQL | undefined {
  if (scope.audience === 'public') return eq(brands.status, 'PUBLISHED');
  return and(inBrands(brands.id, scope.brandIds), scope.status ? eq(brands.status, scope.status) : undefined);
}

/** For queries over a table owned by a brand (licenses, collections); the query must join `brands`. */
export function ownedVisibility(
  scope: CatalogScope,
  table: { brandId: AnyPgColumn; status: AnyPgColumn },
): SQL | undefined {
  if (scope.audience === 'public') return and(eq(table.status, 'PUBLISHED'), eq(brands.status, 'PUBLISHED'));
  return and(inBrands(table.brandId, scope.brandIds), scope.status ? eq(table.status, scope.status) : undefined);
}

/** For queries over `products`; the query must join `brands` and left-join `collections`. */
export function productVisibility(scope: CatalogScope): SQL | undefined {
  if (scope.audience === 'operator') return ownedVisibility(scope, products);
  return and(ownedVisibility(scope, products), or(isNull(products.collectionId), eq(collections.status, 'PUBLISHED')));
}

/**
 * For another module's query over rows that name a product (`productId`): whether the product is public as the
 * catalogue shows it (published, and its brand and collection), so a list of favorites hides what the product page
 * answers 404 for.
 */
export function isPublicProduct(productId: AnyPgColumn): SQL {
  return sql`exists (${sql`select 1 from ${products}
    inner join ${brands} on ${brands.id} = ${products.brandId}
    left join ${collections} on ${collections.id} = ${products.collectionId}
    where ${products.id} = ${productId} and ${productVisibility(publicScope)}`})`;
}
