import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { containsText } from '../../db/search.ts';
import { products } from './catalog.tables.ts';

/**
 * For another module's query over rows that name a product (`productId`): whether the product's name holds `text`
 * (case-insensitive), so a list of such rows (edition pools) is searched by the name it shows them by.
 */
export function productNameContains(productId: AnyPgColumn, text: string): SQL {
  return sql`exists (select 1 from ${products} where ${products.id} = ${productId} and ${containsText(products.name, text)})`;
}
