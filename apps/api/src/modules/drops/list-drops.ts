import { and, asc, count, desc, eq, gt, inArray, lte, type SQL } from 'drizzle-orm';
import type { TDrop, TDropsQuery, TPage } from '@cypher/contract';
import type { Db } from '../../db/client.ts';
import { pageWindow, toPage } from '../../http/pagination.ts';
import type { TtlCache } from '../../lib/ttl-cache.ts';
import { publishedBrandIds } from '../catalog/published-brand-ids.ts';
import { drops } from './drops.tables.ts';
import { loadPublicDrops, toDrop, type TPublicDropParts } from './public-drop.ts';

/**
 * Each status is a range of times compared in SQL, always bounding drop_begin_at so drops_published_begin_idx
 * (publication_status, drop_begin_at, id) narrows the scan; each has the order people look for:
 * - NEXT (visible, not begun): soonest to begin first;
 * - AVAILABLE (begun, not ended): most recently begun first;
 * - COMPLETED (ended): most recently ended first;
 * - no status: every visible drop, most recently begun (or beginning) first.
 */
function statusFilter(status: TDropsQuery['status'], now: Date): { where: SQL | undefined; order: SQL[] } {
  switch (status) {
    case 'NEXT':
      return { where: gt(drops.dropBeginAt, now), order: [asc(drops.dropBeginAt), asc(drops.id)] };
    case 'AVAILABLE':
      return {
        where: and(lte(drops.dropBeginAt, now), gt(drops.dropEndAt, now)),
        order: [desc(drops.dropBeginAt), desc(drops.id)],
      };
    case 'COMPLETED':
      return {
        // A completed drop has begun too; saying so lets the begin-time index bound the scan.
        where: and(lte(drops.dropBeginAt, now), lte(drops.dropEndAt, now)),
        order: [desc(drops.dropEndAt), desc(drops.id)],
      };
    default:
      return { where: undefined, order: [desc(drops.dropBeginAt), desc(drops.id)] };
  }
}

/**
 * `GET /v1/drops`: published drops that are visible (visibleAt <= now; NONE drops are never listed). The page's ids
 * come from SQL; each drop's public part comes from the per-process cache, loaded together for the ones it lacks.
 */
export async function listDrops(
  db: Db,
  cache: TtlCache<TPublicDropParts | null>,
  now: Date,
  query: TDropsQuery,
  cypUnit: { cypPerUsd: number; minorUnits: number },
): Promise<TPage<TDrop>> {
  const { where: statusWhere, order } = statusFilter(query.status, now);
  // Unpublishing a brand hides everything under it, its drops too (catalog-scope.ts): the catalogue answers which
  // brands are published and the filter is on our own brand column.
  const brandIds = [...(await publishedBrandIds(db))];
  const where = and(
    eq(drops.publicationStatus, 'PUBLISHED'),
    inArray(drops.brandId, brandIds),
    lte(drops.visibleAt, now),
    statusWhere,
    query.brandId ? eq(drops.brandId, query.brandId) : undefined,
  );
  const { limit, offset } = pageWindow(query);
  const rows = await db
    .select({ id: drops.id })
    .from(drops)
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
  const [counted] = await db.select({ total: count() }).from(drops).where(where);
  const parts = await cache.getMany(
    rows.map((row) => row.id),
    async (missing) => {
      const loaded = await loadPublicDrops(db, missing);
      return new Map(missing.map((id) => [id, loaded.get(id) ?? null]));
    },
  );
  const items = rows.flatMap((row) => {
    const drop = parts.get(row.id);
    return drop ? [toDrop(drop, now, cypUnit, null)] : [];
  });
  return toPage(items, query, counted?.total ?? 0);
}
