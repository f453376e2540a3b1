import { asc, inArray, sql } from 'drizzle-orm';
import { fusionStatusAt, type TConsoleFusion, type TFusion, type TFusionSummary } from '@cypher/contract';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { sqlArray } from '../../db/sql-arrays.ts';
import { brandSummariesByIds } from '../catalog/brand-summaries.ts';
import { categorySummariesByIds } from '../catalog/fusion-catalog-lookups.ts';
import { isProductPublic, productsWithCollections } from '../catalog/product-release.ts';
import { freeEditionsByFit } from '../collection/fusion-editions.ts';
import { fusionReadiness } from './fusion-readiness.ts';
import { editionMatchesOf, ruleViews } from './fusion-rules.ts';
import { fusionSlots, type TFusionRow } from './fusions.tables.ts';

/*
 * Route: GET /v1/fusions, /v1/fusions/{id}, the console's fusion routes · Writes: nothing · Reads: fusion_outputs,
 * fusion_slots, and brands, categories, products and collections through the catalogue · Tests: fusions.test.ts,
 * fusion-publication.test.ts.
 */

/** Each fusion's results not made yet: its unclaimed outputs, counted on their partial index. */
async function remainingOf(db: Db, ids: readonly string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await queryRows<{ fusion_id: string; n: number | string }>(
    db,
    sql`select fusion_id, count(*) as n from fusion_outputs
        where fusion_id = any(${sqlArray([...ids])}::uuid[]) and run_id is null group by fusion_id`,
  );
  return new Map(rows.map((row) => [row.fusion_id, Number(row.n)]));
}

/** Who a fusion is shown to: the console names everything it takes and makes, the public only what it sees. */
type TFusionAudience = 'public' | 'console';

/**
 * Fusions as the list shows them, in the order given. To the public, a result product it does not see (unpublished,
 * or its collection, since the fusion was published: publication refuses one) is left out, not named or pictured.
 */
export async function fusionSummaries(
  db: Db,
  rows: readonly TFusionRow[],
  now: Date,
  audience: TFusionAudience,
): Promise<TFusionSummary[]> {
  const ids = rows.map((row) => row.id);
  const brands = await brandSummariesByIds(
    db,
    rows.map((row) => row.brandId),
  );
  const categories = await categorySummariesByIds(
    db,
    rows.flatMap((row) => row.categoryId ?? []),
  );
  const { products, collections } = await productsWithCollections(
    db,
    rows.map((row) => row.resultProductId),
  );
  const remaining = await remainingOf(db, ids);
  const slotCounts =
    ids.length === 0
      ? new Map<string, number>()
      : new Map(
          (
            await queryRows<{ fusion_id: string; n: number | string }>(
              db,
              sql`select fusion_id, count(*) as n from fusion_slots
                  where fusion_id = any(${sqlArray(ids)}::uuid[]) group by fusion_id`,
            )
          ).map((row) => [row.fusion_id, Number(row.n)]),
        );
  return rows.map((row) => {
    const product = products.get(row.resultProductId)!;
    // A draft's results are minted when it is published: until then its whole supply is what is left.
    const left = row.status === 'DRAFT' ? row.resultSupply : (remaining.get(row.id) ?? 0);
    return {
      id: row.id,
      brand: brands.get(row.brandId)!,
      category: row.categoryId ? (categories.get(row.categoryId) ?? null) : null,
      name: row.name,
      imageUrl: row.imageUrl,
      beginAt: row.beginAt.toISOString(),
      endAt: row.endAt.toISOString(),
      status: fusionStatusAt(row, now),
      result: {
        product:
          audience === 'console' || isProductPublic(product, collections)
            ? {
                id: product.id,
                name: product.name,
                rarity: product.rarity,
                imageUrl: product.imageUrl,
                imageThumbnailUrl: product.imageThumbnailUrl,
              }
            : null,
        supply: row.resultSupply,
        remaining: left,
      },
      isAllFused: left === 0,
      slotCount: slotCounts.get(row.id) ?? 0,
    };
  });
}

/**
 * One fusion with its slots; signed in, how many free editions of the caller fit each slot. To the public, a slot's
 * product or collection it does not see is shown without its name (ruleViews), and such a result not at all
 * (fusionSummaries).
 */
export async function fusionDetail(
  db: Db,
  row: TFusionRow,
  viewer: { userId: string | null; audience: TFusionAudience },
  now: Date,
): Promise<TFusion> {
  const { userId } = viewer;
  const [summary] = await fusionSummaries(db, [row], now, viewer.audience);
  const slots = await db
    .select()
    .from(fusionSlots)
    .where(inArray(fusionSlots.fusionId, [row.id]))
    .orderBy(asc(fusionSlots.position));
  const rules = await ruleViews(db, slots, viewer.audience);
  const readiness = userId
    ? fusionReadiness(
        slots.map((slot) => slot.requiredCount),
        await freeEditionsByFit(db, userId, await editionMatchesOf(db, row, slots)),
      )
    : null;
  return {
    ...summary!,
    description: row.description,
    slots: slots.map((slot, index) => ({
      id: slot.id,
      position: slot.position,
      name: slot.name,
      requiredCount: slot.requiredCount,
      rule: rules[index]!,
      fittingCount: readiness ? readiness.fittingCounts[index]! : null,
    })),
    isReady: readiness ? readiness.missingCount === 0 : null,
    missingCount: readiness ? readiness.missingCount : null,
  };
}

/** The console's view: the public one without the caller's readiness, how many were made, whether it is published. */
export async function consoleFusionView(db: Db, row: TFusionRow, now: Date): Promise<TConsoleFusion> {
  const view = await fusionDetail(db, row, { userId: null, audience: 'console' }, now);
  const { isReady: _ready, missingCount: _missing, result, ...detail } = view;
  return {
    ...detail,
    // The console's audience is shown every result product.
    result: { ...result, product: result.product! },
    publicationStatus: row.status,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    madeCount: row.resultSupply - result.remaining,
    updatedAt: row.updatedAt.toISOString(),
  };
}
