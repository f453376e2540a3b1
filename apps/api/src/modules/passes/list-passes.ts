import { and, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { TConsolePass, TConsolePassListQuery, TPage, TPass, TPassListQuery } from '@cypher/contract';
import type { Db } from '../../db/client.ts';
import { containsText } from '../../db/search.ts';
import type { Operator } from '../../http/operator-guard.ts';
import { pageWindow, toPage } from '../../http/pagination.ts';
import { publishedBrandIds } from '../catalog/published-brand-ids.ts';
import { consolePassViewsOf, passViewsOf } from './pass-views.ts';
import { passes } from './passes.tables.ts';

/*
 * Route: GET /v1/passes (public) and GET /v1/console/passes · Reads: passes (index passes_brand_idx), and through
 * pass-views.ts their units, brands and rounds · UI: features/drops passes-page.tsx, the console's Passes section ·
 * Tests: passes.test.ts, pass-publication.test.ts.
 */

/** Published passes of published brands, newest first, each with how many the viewer holds. */
export async function listPasses(
  db: Db,
  query: TPassListQuery,
  viewerUserId: string | null,
  now: Date,
): Promise<TPage<TPass>> {
  // A draft brand's passes are the console's alone, as its drops and products are; so is a draft pass.
  const brandIds = await publishedBrandIds(db, query.brandId ? [query.brandId] : undefined);
  if (brandIds.size === 0) return toPage([], query, 0);
  const { rows, total } = await pageOfPasses(
    db,
    and(inArray(passes.brandId, [...brandIds]), eq(passes.status, 'PUBLISHED')),
    query,
  );
  return toPage(await passViewsOf(db, rows, viewerUserId, now), query, total);
}

/** The console's list: the passes of the brands this operator manages. */
export async function listConsolePasses(
  db: Db,
  query: TConsolePassListQuery,
  operator: Operator,
  now: Date,
): Promise<TPage<TConsolePass>> {
  if (!operator.isAdmin && operator.brandIds.length === 0) return toPage([], query, 0);
  const where = and(
    operator.isAdmin ? undefined : inArray(passes.brandId, [...operator.brandIds]),
    query.brandId ? eq(passes.brandId, query.brandId) : undefined,
    query.q ? containsText(passes.name, query.q) : undefined,
    query.status ? eq(passes.status, query.status) : undefined,
  );
  const { rows, total } = await pageOfPasses(db, where, query);
  return toPage(await consolePassViewsOf(db, rows, now), query, total);
}

async function pageOfPasses(db: Db, where: SQL | undefined, query: TPassListQuery) {
  const { limit, offset } = pageWindow(query);
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(passes)
      .where(where)
      .orderBy(desc(passes.saleBeginAt), desc(passes.id))
      .limit(limit)
      .offset(offset),
    db.select({ value: count() }).from(passes).where(where),
  ]);
  return { rows, total: counted?.value ?? 0 };
}
