import { and, asc, eq, inArray } from 'drizzle-orm';
import type { TConsolePass, TMyPasses, TPass } from '@cypher/contract';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import { assertCanManageBrand, type Operator } from '../../http/operator-guard.ts';
import { publishedBrandIds } from '../catalog/published-brand-ids.ts';
import { consolePassViewsOf, passViewsOf } from './pass-views.ts';
import { heldPassCounts } from './pass-units.ts';
import { passes } from './passes.tables.ts';

/*
 * Route: GET /v1/passes/{id} (public), GET /v1/passes/my, GET /v1/console/passes/{id} · Reads: passes, pass_units,
 * and through pass-views.ts brands and rounds · UI: features/drops pass-detail-page.tsx and passes-page.tsx, the
 * console's pass form · Tests: passes.test.ts, pass-publication.test.ts.
 */

/**
 * A published pass of a published brand, with how many the viewer holds; PASS_NOT_FOUND otherwise: a draft pass is the
 * console's alone, as an unpublished brand's is (decision record 50).
 */
export async function getPass(db: Db, id: string, viewerUserId: string | null, now: Date): Promise<TPass> {
  const [row] = await db
    .select()
    .from(passes)
    .where(and(eq(passes.id, id), eq(passes.status, 'PUBLISHED')));
  if (!row || !(await publishedBrandIds(db, [row.brandId])).has(row.brandId)) throw new AppError('PASS_NOT_FOUND');
  const [view] = await passViewsOf(db, [row], viewerUserId, now);
  return view!;
}

/** The passes I hold (paid for), whatever their brand's status now: I bought them. Only a published pass has units. */
export async function listMyPasses(db: Db, userId: string, now: Date): Promise<TMyPasses> {
  const held = await heldPassCounts(db, userId);
  if (held.size === 0) return { items: [] };
  const mine = await db
    .select()
    .from(passes)
    .where(inArray(passes.id, [...held.keys()]))
    .orderBy(asc(passes.validUntil));
  return { items: await passViewsOf(db, mine, userId, now) };
}

/** A pass in the console, for an operator of its brand. */
export async function getConsolePass(db: Db, operator: Operator, id: string, now: Date): Promise<TConsolePass> {
  const [row] = await db.select().from(passes).where(eq(passes.id, id));
  if (!row) throw new AppError('PASS_NOT_FOUND');
  assertCanManageBrand(operator, row.brandId);
  const [view] = await consolePassViewsOf(db, [row], now);
  return view!;
}
