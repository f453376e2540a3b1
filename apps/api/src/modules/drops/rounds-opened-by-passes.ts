import { and, asc, eq, inArray, lte, or } from 'drizzle-orm';
import type { TPassRound } from '@cypher/contract';
import type { Db } from '../../db/client.ts';
import { drops, salePolicies } from './drops.tables.ts';

/**
 * Route: the pass pages (passes/pass-views.ts) · Reads: sale_policies, drops · Tests: passes/passes.test.ts.
 *
 * The published rounds each pass opens to its holders (a round's `required_pass_id`), in time order: what the pass
 * page lists under "Opens". `visibleBy`: only drops visible by then (the public page must not announce a drop before
 * the drop page does); the console, without it, sees every published one.
 */
export async function roundsOpenedByPasses(
  db: Db,
  passIds: readonly string[],
  options: { visibleBy?: Date } = {},
): Promise<Map<string, TPassRound[]>> {
  const opened = new Map<string, TPassRound[]>();
  if (passIds.length === 0) return opened;
  const rows = await db
    .select({
      passId: salePolicies.requiredPassId,
      dropId: drops.id,
      dropName: drops.name,
      round: salePolicies.round,
      saleBeginAt: salePolicies.saleBeginAt,
      saleEndAt: salePolicies.saleEndAt,
    })
    .from(salePolicies)
    .innerJoin(drops, eq(drops.id, salePolicies.dropId))
    .where(
      and(
        inArray(salePolicies.requiredPassId, [...new Set(passIds)]),
        eq(drops.publicationStatus, 'PUBLISHED'),
        options.visibleBy ? lte(drops.visibleAt, options.visibleBy) : undefined,
      ),
    )
    .orderBy(asc(salePolicies.saleBeginAt));
  for (const { passId, saleBeginAt, saleEndAt, ...round } of rows) {
    const list = opened.get(passId!) ?? [];
    list.push({ ...round, saleBeginAt: saleBeginAt.toISOString(), saleEndAt: saleEndAt.toISOString() });
    opened.set(passId!, list);
  }
  return opened;
}

/**
 * Route: PATCH and DELETE /v1/console/passes/{id} (passes/update-pass.ts, delete-pass.ts) · Reads: sale_policies ·
 * Tests: passes/pass-publication.test.ts.
 *
 * Whether any drop's round, draft or published, names the pass (required, or guaranteeing packs): such a pass keeps
 * its supply, which the round's guaranteed pack count was worked out from, and its row, which the round references.
 */
export async function isPassNamedByRound(db: Db, passId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: salePolicies.id })
    .from(salePolicies)
    .where(or(eq(salePolicies.requiredPassId, passId), eq(salePolicies.guaranteePassId, passId)))
    .limit(1);
  return row !== undefined;
}
