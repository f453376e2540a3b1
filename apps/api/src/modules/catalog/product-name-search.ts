import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { containsText } from '../../db/search.ts';
import { products } from './catalog.tables.ts';

/*
 * Route: none of its own; GET /v1/console/edition-pools searches by it (grants/edition-pools.ts) · Reads: products ·
 * Writes: nothing · Tests: grants/grants.test.ts.
 */

/**
 * For another module's query over rows that name a product (`productId`): whether the product's name holds `text`
 * (case-insensitive), so a list of such rows (edition pools) is searched by the name it shows them by.
 */
export function productNameContains(productId: AnyPgColumn, text: string): SQL {
  return sql`exists (select 1 from ${products} where ${products.id} = ${productId} and ${containsText(products.name, text)})`;
}
