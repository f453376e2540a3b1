import { inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { TBrandSummary } from '@cypher/contract';
import type { Db } from '../../db/client.ts';
import { brands } from './catalog.tables.ts';
import { brandSummaryColumns, toBrandSummary } from './catalog-views.ts';

/**
 * Brands as other modules show them beside their own rows (an operator's grants), drafts included: one query for
 * the ids a page names, instead of a join on the catalogue's tables.
 */
export async function brandSummariesByIds(db: Db, ids: readonly string[]): Promise<Map<string, TBrandSummary>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db.select(brandSummaryColumns).from(brands).where(inArray(brands.id, unique));
  return new Map(rows.map((row) => [row.id, toBrandSummary(row)]));
}

/**
 * For another module's statement that lists brands it names by id in the brands' order (My Collection's groups): the
 * brand's name as the key to sort by, alphabetical whatever the case and with accented letters beside their plain
 * ones (ICU's root collation: "apex", "Éclat", "zenith"), where the database's own "C" order puts every capital first
 * and "É" after "z". A fragment, not a join: the catalogue's table stays the catalogue's (decision record 14).
 */
export function brandNameSortKey(brandId: SQL | AnyPgColumn): SQL {
  return sql`(select ${brands.name} from ${brands} where ${brands.id} = ${brandId}) collate "und-x-icu"`;
}
