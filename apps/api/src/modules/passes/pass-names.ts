import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { passes } from './passes.tables.ts';

/**
 * Reads: passes · Writes: nothing · Route: GET /v1/drops/{id} and the console's drops (through drops' public-drop.ts,
 * get-console-drop.ts, write-drop-draft.ts); what grants give (grants/grant-views.ts) · Tests: passes/passes.test.ts.
 *
 * Passes' names and brands by id, for the rounds that require them: drops' public view names the pass a round is for,
 * and a drop's round may only name a pass of the drop's own brand (the supply says how many packs a guarantee holds).
 * With `isHeldForNaming` the rows are held until the transaction ends (write-drop-draft.ts names them in its rounds).
 */
export async function passNamesByIds(
  db: Db,
  ids: readonly string[],
  options: { isHeldForNaming?: boolean } = {},
): Promise<
  Map<
    string,
    { name: string; brandId: string; supply: number; imageUrl: string; isPublished: boolean; validUntil: Date }
  >
> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const query = db
    .select({
      id: passes.id,
      name: passes.name,
      brandId: passes.brandId,
      supply: passes.supply,
      imageUrl: passes.imageUrl,
      isPublished: sql<boolean>`${passes.status} = 'PUBLISHED'`,
      validUntil: passes.validUntil,
    })
    .from(passes)
    .where(inArray(passes.id, unique));
  // Held FOR KEY SHARE by a write that is about to name them: a pass's deletion or change (which holds it FOR UPDATE,
  // then asks whether a round names it) waits for the naming to commit and sees it, or goes first and is seen here.
  const rows = options.isHeldForNaming ? await query.for('key share') : await query;
  return new Map(rows.map(({ id, ...pass }) => [id, pass]));
}
