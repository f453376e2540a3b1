import { and, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { TConsoleFigureBaseListQuery, TFigureBase, TFigureBaseListQuery, TPage } from '@cypher/contract';
import type { Db } from '../../../db/client.ts';
import { containsText } from '../../../db/search.ts';
import type { Operator } from '../../../http/operator-guard.ts';
import { pageWindow, toPage } from '../../../http/pagination.ts';
import { publicCollectionIds } from '../../catalog/collection-summaries.ts';
import { figureBases } from '../collection.tables.ts';
import { figureBaseViewsOf, type TFigureBaseAudience } from './figure-base-views.ts';

/*
 * Route: GET /v1/figure-base-collections (public) and GET /v1/console/figure-bases · Reads: figure_bases (index
 * figure_bases_collection_idx), and through figureBaseViewsOf their slots, products, brands and collections · UI:
 * features/collection collection-set-page.tsx (a collection's bases), the console's Figure bases section · Tests:
 * figure-bases.test.ts.
 */

/** Bases the public sees (their collection and brand published), newest first, with the viewer's filled slots. */
export async function listFigureBases(
  db: Db,
  query: TFigureBaseListQuery,
  viewerUserId: string | null,
): Promise<TPage<TFigureBase>> {
  const visible = await publicCollectionIds(db, query.brandId);
  const collectionIds = query.collectionId ? visible.filter((id) => id === query.collectionId) : visible;
  if (collectionIds.length === 0) return toPage([], query, 0);
  return pageOfBases(db, inArray(figureBases.collectionId, collectionIds), query, viewerUserId, 'public');
}

/** The console's list: the bases of the brands this operator manages, whatever their collection's status. */
export async function listConsoleFigureBases(
  db: Db,
  query: TConsoleFigureBaseListQuery,
  operator: Operator,
): Promise<TPage<TFigureBase>> {
  if (!operator.isAdmin && operator.brandIds.length === 0) return toPage([], query, 0);
  const where = and(
    operator.isAdmin ? undefined : inArray(figureBases.brandId, [...operator.brandIds]),
    query.brandId ? eq(figureBases.brandId, query.brandId) : undefined,
    query.collectionId ? eq(figureBases.collectionId, query.collectionId) : undefined,
    query.q ? containsText(figureBases.name, query.q) : undefined,
  );
  return pageOfBases(db, where, query, null, 'console');
}

async function pageOfBases(
  db: Db,
  where: SQL | undefined,
  query: TFigureBaseListQuery,
  viewerUserId: string | null,
  audience: TFigureBaseAudience,
): Promise<TPage<TFigureBase>> {
  const { limit, offset } = pageWindow(query);
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(figureBases)
      .where(where)
      .orderBy(desc(figureBases.createdAt), desc(figureBases.id))
      .limit(limit)
      .offset(offset),
    db.select({ value: count() }).from(figureBases).where(where),
  ]);
  return toPage(await figureBaseViewsOf(db, rows, viewerUserId, audience), query, counted?.value ?? 0);
}
