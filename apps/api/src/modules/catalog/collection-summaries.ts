import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { collections } from './catalog.tables.ts';

/*
 * Route: none of its own; GET /v1/editions and the edition endpoints show an edition's collection through it · Reads:
 * collections · Tests: editions.test.ts, my-collection.test.ts.
 */

/**
 * Collections by id as other modules show them beside their own rows (an edition's collection), drafts included:
 * id and name, one query for the ids a page names.
 */
export async function collectionSummariesByIds(
  db: Db,
  ids: readonly string[],
): Promise<Map<string, { id: string; name: string }>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({ id: collections.id, name: collections.name })
    .from(collections)
    .where(inArray(collections.id, unique));
  return new Map(rows.map((row) => [row.id, row]));
}
