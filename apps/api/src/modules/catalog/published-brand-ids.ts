import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { brands } from './catalog.tables.ts';

/**
 * The published brands among `among` (every published brand without it): for modules whose public lists hide what
 * belongs to an unpublished brand, as the catalogue hides everything under one, filtering on their own brand column.
 * Brands are few (a catalogue's worth), so the whole set is a small answer.
 */
export async function publishedBrandIds(db: Db, among?: readonly string[]): Promise<Set<string>> {
  if (among && among.length === 0) return new Set();
  const rows = await db
    .select({ id: brands.id })
    .from(brands)
    .where(and(eq(brands.status, 'PUBLISHED'), among ? inArray(brands.id, [...new Set(among)]) : undefined));
  return new Set(rows.map((row) => row.id));
}
