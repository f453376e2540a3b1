import { and, asc, count, eq, gt, isNull, lte, or } from 'drizzle-orm';
import type { TBanner, TBannerListQuery, TPage, TPublicationStatus } from '@cypher/contract';
import type { Db } from '../../db/client.ts';
import { pageWindow, toPage } from '../../http/pagination.ts';
import { banners } from './catalog.tables.ts';
import { toBanner } from './catalog-views.ts';

/**
 * Banners for a placement. The public sees those showing at `now` (published, and now within [startsAt, endsAt),
 * either end open); the console sees all of them, optionally one status, scheduled and expired ones included.
 */
export async function listBanners(
  db: Db,
  query: TBannerListQuery,
  audience: { showingAt: Date } | { status?: TPublicationStatus | undefined },
): Promise<TPage<TBanner>> {
  const visibility =
    'showingAt' in audience
      ? and(
          eq(banners.status, 'PUBLISHED'),
          or(isNull(banners.startsAt), lte(banners.startsAt, audience.showingAt)),
          or(isNull(banners.endsAt), gt(banners.endsAt, audience.showingAt)),
        )
      : audience.status
        ? eq(banners.status, audience.status)
        : undefined;
  const where = and(eq(banners.placement, query.placement), visibility);
  const { limit, offset } = pageWindow(query);
  const rows = await db
    .select()
    .from(banners)
    .where(where)
    .orderBy(asc(banners.sortOrder), asc(banners.createdAt), asc(banners.id))
    .limit(limit)
    .offset(offset);
  const [counted] = await db.select({ total: count() }).from(banners).where(where);
  return toPage(rows.map(toBanner), query, counted?.total ?? 0);
}
