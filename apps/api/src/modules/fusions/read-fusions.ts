import { and, asc, desc, eq, gt, inArray, lte, not, or, sql, type SQL } from 'drizzle-orm';
import {
  editionImageUrl,
  type TConsoleFusion,
  type TFusion,
  type TFusionListQuery,
  type TFusionMaterial,
  type TFusionSummary,
  type TPage,
  type TPageQuery,
} from '@cypher/contract';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import { managedBy, type Operator } from '../../http/operator-guard.ts';
import { productsByIds } from '../catalog/products-by-ids.ts';
import { publishedBrandIds } from '../catalog/published-brand-ids.ts';
import { matchingEditions } from '../collection/fusion-editions.ts';
import { editionMatchesOf } from './fusion-rules.ts';
import { consoleFusionView, fusionDetail, fusionSummaries } from './fusion-views.ts';
import { fusions, fusionSlots, type TFusionRow } from './fusions.tables.ts';

/*
 * Route: GET /v1/fusions, /v1/fusions/{id}, /v1/fusions/{id}/slots/{slotId}/materials, GET /v1/console/fusions and
 * /{id} · Writes: nothing · Reads: fusions, fusion_slots, fusion_outputs (a list's results left), products
 * (fusion-rules.ts), and editions through the collection · UI: features/fusion, features/console · Tests:
 * fusions.test.ts, fusion-publication.test.ts.
 */

/** Spec section 2's list: by brand, category and status (from the schedule), soonest beginning first. */
export async function listFusions(db: Db, query: TFusionListQuery, now: Date): Promise<TPage<TFusionSummary>> {
  // A draft or unpublished brand's fusions are the console's alone, as its drops, passes and products are; so is a
  // draft fusion (decision record 50).
  const brandIds = await publishedBrandIds(db, query.brandId ? [query.brandId] : undefined);
  if (brandIds.size === 0) return { items: [], page: query.page, size: query.size, total: 0 };
  const conditions: SQL[] = [inArray(fusions.brandId, [...brandIds]), eq(fusions.status, 'PUBLISHED')];
  if (query.categoryId) conditions.push(eq(fusions.categoryId, query.categoryId));
  if (query.status === 'UPCOMING') conditions.push(gt(fusions.beginAt, now));
  // A fusion whose results are all made can no longer be fused: collectors find it with the ended ones (its card says
  // "All fused"), not among those they can use. Its unclaimed outputs are read on their partial index.
  const hasResultsLeft = sql`exists (select 1 from fusion_outputs o where o.fusion_id = ${fusions.id} and o.run_id is null)`;
  if (query.status === 'AVAILABLE') conditions.push(lte(fusions.beginAt, now), gt(fusions.endAt, now), hasResultsLeft);
  if (query.status === 'ENDED')
    conditions.push(or(lte(fusions.endAt, now), and(lte(fusions.beginAt, now), not(hasResultsLeft)))!);
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const rows = await db
    .select()
    .from(fusions)
    .where(where)
    .orderBy(query.status === 'ENDED' ? desc(fusions.endAt) : asc(fusions.beginAt), asc(fusions.id))
    .limit(query.size)
    .offset((query.page - 1) * query.size);
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(fusions)
    .where(where);
  return {
    items: await fusionSummaries(db, rows, now, 'public'),
    page: query.page,
    size: query.size,
    total: count?.n ?? 0,
  };
}

async function fusionRowOf(db: Db, id: string): Promise<TFusionRow> {
  const [row] = await db.select().from(fusions).where(eq(fusions.id, id));
  if (!row) throw new AppError('FUSION_NOT_FOUND');
  return row;
}

/**
 * A fusion as collectors reach it (to read, list materials for, fuse): published, under a published brand, else not
 * found, as if it did not exist.
 */
export async function publicFusionRowOf(db: Db, id: string): Promise<TFusionRow> {
  const row = await fusionRowOf(db, id);
  if (row.status !== 'PUBLISHED' || !(await publishedBrandIds(db, [row.brandId])).has(row.brandId)) {
    throw new AppError('FUSION_NOT_FOUND');
  }
  return row;
}

export async function getFusion(db: Db, id: string, userId: string | null, now: Date): Promise<TFusion> {
  return fusionDetail(db, await publicFusionRowOf(db, id), { userId, audience: 'public' }, now);
}

/**
 * The caller's editions that fit a slot: free ones first, then the ones on a figure base, locked or listed, marked
 * with why they are protected (shown, not selectable).
 */
export async function listSlotMaterials(
  db: Db,
  input: { fusionId: string; slotId: string; userId: string; page: TPageQuery },
): Promise<TPage<TFusionMaterial>> {
  const fusion = await publicFusionRowOf(db, input.fusionId);
  const [slot] = await db
    .select()
    .from(fusionSlots)
    .where(and(eq(fusionSlots.fusionId, fusion.id), eq(fusionSlots.id, input.slotId)));
  if (!slot) throw new AppError('FUSION_SLOT_NOT_FOUND');
  // The fuse checks its materials by the same match: what is offered here is what may burn.
  const [match] = await editionMatchesOf(db, fusion, [slot]);
  const { items, total } = await matchingEditions(db, input.userId, match!, {
    offset: (input.page.page - 1) * input.page.size,
    limit: input.page.size,
  });
  const products = await productsByIds(
    db,
    items.map((item) => item.productId),
  );
  return {
    items: items.map((item) => {
      const product = products.get(item.productId)!;
      return {
        editionId: item.id,
        serialNumber: item.serialNumber,
        editionSize: product.editionSize,
        product: {
          id: product.id,
          name: product.name,
          rarity: product.rarity,
          imageThumbnailUrl: product.imageThumbnailUrl,
        },
        imageUrl: editionImageUrl(item, product),
        protection: item.state === 'OWNED' ? null : (item.state as 'EQUIPPED' | 'LOCKED' | 'LISTED'),
      };
    }),
    page: input.page.page,
    size: input.page.size,
    total,
  };
}

/**
 * The console's list: the operator's brands' fusions, drafts included (every one for an admin), newest beginning
 * first.
 */
export async function listConsoleFusions(
  db: Db,
  query: TPageQuery & { brandId?: string },
  operator: Operator,
  now: Date,
): Promise<TPage<TConsoleFusion>> {
  const brandIds = operator.isAdmin ? null : operator.brandIds;
  const conditions: SQL[] = [];
  if (query.brandId) conditions.push(eq(fusions.brandId, query.brandId));
  if (brandIds)
    conditions.push(
      inArray(fusions.brandId, brandIds.length > 0 ? brandIds : ['00000000-0000-0000-0000-000000000000']),
    );
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const rows = await db
    .select()
    .from(fusions)
    .where(where)
    .orderBy(desc(fusions.beginAt), desc(fusions.id))
    .limit(query.size)
    .offset((query.page - 1) * query.size);
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(fusions)
    .where(where);
  const items = [];
  for (const row of rows) items.push(await consoleFusionView(db, row, now));
  return { items, page: query.page, size: query.size, total: count?.n ?? 0 };
}

export async function getConsoleFusion(db: Db, operator: Operator, id: string, now: Date): Promise<TConsoleFusion> {
  const row = await fusionRowOf(db, id);
  return consoleFusionView(db, managedBy(operator, row, row.brandId), now);
}
