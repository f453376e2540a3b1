import { inArray, sql } from 'drizzle-orm';
import { passStatusAt, type TBrandSummary, type TConsolePass, type TPass } from '@cypher/contract';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { sqlArray } from '../../db/sql-arrays.ts';
import { brandSummariesByIds } from '../catalog/brand-summaries.ts';
import { roundsOpenedByPasses } from '../drops/rounds-opened-by-passes.ts';
import { pendingQuantities } from '../orders/pending-quantities.ts';
import { purchasedOfItems } from '../orders/purchase-allowance.ts';
import { heldPassCounts } from './pass-units.ts';
import { passes, type TPassRow } from './passes.tables.ts';

/*
 * Reads: passes, pass_units (counts), and through their owners' functions brands, the rounds each pass opens and the
 * viewer's purchase allowances ·
 * Route: the pass reads (passes.routes.ts, console-passes.routes.ts) and orders' views · Tests: passes.test.ts.
 */

/** How many units of each pass are unclaimed and how many are paid for, derived from the units (no counter row). */
async function unitCounts(
  db: Db,
  passIds: readonly string[],
): Promise<Map<string, { remaining: number; sold: number }>> {
  if (passIds.length === 0) return new Map();
  const rows = await queryRows<{ pass_id: string; remaining: number; sold: number }>(
    db,
    sql`select pass_id, count(*) filter (where order_id is null and owner_user_id is null)::int as remaining,
               count(*) filter (where owner_user_id is not null)::int as sold
        from pass_units where pass_id = any(${sqlArray([...passIds])}::uuid[]) group by pass_id`,
  );
  return new Map(rows.map((row) => [row.pass_id, { remaining: row.remaining, sold: row.sold }]));
}

/**
 * Pass rows as the API shows them: brand, what is left, the rounds each opens (of drops visible by now, unless
 * `isForConsole`), and how many the viewer holds.
 */
export async function passViewsOf(
  db: Db,
  rows: readonly TPassRow[],
  viewerUserId: string | null,
  now: Date,
  options: { isForConsole?: boolean } = {},
): Promise<TPass[]> {
  const ids = rows.map((row) => row.id);
  const [brands, counts, opened, held, pending, bought] = await Promise.all([
    brandSummariesByIds(
      db,
      rows.map((row) => row.brandId),
    ),
    unitCounts(db, ids),
    roundsOpenedByPasses(db, ids, options.isForConsole ? {} : { visibleBy: now }),
    viewerUserId ? heldPassCounts(db, viewerUserId, ids) : new Map<string, number>(),
    viewerUserId ? pendingQuantities(db, viewerUserId, 'PASS', ids) : new Map<string, number>(),
    viewerUserId ? purchasedOfItems(db, viewerUserId, ids) : new Map<string, number>(),
  ]);
  return rows.map((row) => {
    // A draft's units are issued when it is published: until then its whole supply is what is left.
    const remaining = row.status === 'DRAFT' ? row.supply : (counts.get(row.id)?.remaining ?? 0);
    const view = {
      id: row.id,
      brand: brands.get(row.brandId)!,
      name: row.name,
      description: row.description,
      imageUrl: row.imageUrl,
      benefits: row.benefits,
      supply: row.supply,
      remaining,
      price: { amount: row.price, currency: 'USD' as const },
      perPersonLimit: row.perPersonLimit,
      saleBeginAt: row.saleBeginAt.toISOString(),
      saleEndAt: row.saleEndAt.toISOString(),
      validFrom: row.validFrom.toISOString(),
      validUntil: row.validUntil.toISOString(),
      opensRounds: opened.get(row.id) ?? [],
      held: held.get(row.id) ?? 0,
      pending: pending.get(row.id) ?? 0,
      bought: bought.get(row.id) ?? 0,
    };
    return { ...view, status: passStatusAt(view, now) };
  });
}

/** The console's view: the public one with the sold count, when it was made and whether it is published. */
export async function consolePassViewsOf(db: Db, rows: readonly TPassRow[], now: Date): Promise<TConsolePass[]> {
  const [views, counts] = await Promise.all([
    passViewsOf(db, rows, null, now, { isForConsole: true }),
    unitCounts(
      db,
      rows.map((row) => row.id),
    ),
  ]);
  return views.map(({ held: _held, pending: _pending, bought: _bought, ...view }, index) => ({
    ...view,
    publicationStatus: rows[index]!.status,
    publishedAt: rows[index]!.publishedAt?.toISOString() ?? null,
    sold: counts.get(view.id)?.sold ?? 0,
    createdAt: rows[index]!.createdAt.toISOString(),
    updatedAt: rows[index]!.updatedAt.toISOString(),
  }));
}

/** Passes as another module shows them beside its rows (an order of a pass): name, artwork, brand. */
export async function passSummariesByIds(
  db: Db,
  ids: readonly string[],
): Promise<Map<string, { id: string; name: string; imageUrl: string; brand: TBrandSummary }>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({ id: passes.id, name: passes.name, imageUrl: passes.imageUrl, brandId: passes.brandId })
    .from(passes)
    .where(inArray(passes.id, unique));
  const brands = await brandSummariesByIds(
    db,
    rows.map((row) => row.brandId),
  );
  return new Map(rows.map(({ brandId, ...row }) => [row.id, { ...row, brand: brands.get(brandId)! }]));
}
