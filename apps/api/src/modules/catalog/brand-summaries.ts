import { inArray } from 'drizzle-orm';
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
