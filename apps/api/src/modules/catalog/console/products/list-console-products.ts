import type { TConsoleProductListItem, TConsoleProductListQuery, TPage } from '@cypher/contract';
import type { Db } from '../../../../db/client.ts';
import { editionsLeft } from '../../../drops/drop-products.ts';
import type { CatalogScope } from '../../catalog-scope.ts';
import { listProducts } from '../../list-products.ts';

/*
 * Route: GET /v1/console/products · Reads: products, editions, drop_contents (the serial numbers taken) · UI:
 * features/console (the products list, the drop editor's product picker and contents) · Tests: console-writes.test.ts.
 */

/**
 * The operator's products, drafts included, each with the editions a new drop may still hold of it: the drop editor
 * shows "600 left" beside a product where, before, the operator learnt it from the refusal when saving. With `ids`,
 * those products only (the drop editor's contents, whichever page of the brand's list they are on).
 */
export async function listConsoleProducts(
  db: Db,
  query: TConsoleProductListQuery,
  scope: CatalogScope,
): Promise<TPage<TConsoleProductListItem>> {
  const page = await listProducts(db, query, scope);
  const left = await editionsLeft(db, page.items);
  return { ...page, items: page.items.map((product) => ({ ...product, editionsLeft: left.get(product.id) ?? null })) };
}
