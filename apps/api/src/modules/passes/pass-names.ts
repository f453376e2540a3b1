import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { passes } from './passes.tables.ts';

/**
 * Reads: passes · Writes: nothing · Route: GET /v1/drops/{id} and the console's drops (through drops' public-drop.ts,
 * get-console-drop.ts, write-drop-draft.ts); what grants give (grants/grant-views.ts) · Tests: passes/passes.test.ts.
 *
 * Passes' names and brands by id, for the rounds that require them: drops' public view names the pass a round is for,
 * and a drop's round may only name a pass of the drop's own brand (the supply says how many packs a guarantee holds).
 */
export async function passNamesByIds(
  db: Db,
  ids: readonly string[],
): Promise<Map<string, { name: string; brandId: string; supply: number; imageUrl: string; isPublished: boolean }>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({
      id: passes.id,
      name: passes.name,
      brandId: passes.brandId,
      supply: passes.supply,
      imageUrl: passes.imageUrl,
      isPublished: sql<boolean>`${passes.status} = 'PUBLISHED'`,
    })
    .from(passes)
    .where(inArray(passes.id, unique));
  return new Map(rows.map(({ id, ...pass }) => [id, pass]));
}
