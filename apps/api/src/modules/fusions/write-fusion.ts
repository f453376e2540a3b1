import { eq, sql } from 'drizzle-orm';
import { fusionMessages, type TConsoleFusion, type TConsoleFusionRequest } from '@cypher/contract';
import type { AppContext } from '../../app-context.ts';
import type { Db } from '../../db/client.ts';
import { sqlArray } from '../../db/sql-arrays.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError } from '../../http/app-error.ts';
import { assertCanManageBrand, type Operator } from '../../http/operator-guard.ts';
import { newId } from '../../lib/ids.ts';
import { brandSummariesByIds } from '../catalog/brand-summaries.ts';
import { collectionFactsByIds } from '../catalog/collection-summaries.ts';
import { categorySummariesByIds } from '../catalog/fusion-catalog-lookups.ts';
import { productsByIds } from '../catalog/products-by-ids.ts';
import { createPackEditions } from '../collection/create-pack-editions.ts';
import { recordAudit } from '../console/audit/record-audit.ts';
import { checkDropProducts, type TProductRefusals } from '../drops/drop-products.ts';
import { ruleColumns } from './fusion-rules.ts';
import { consoleFusionView } from './fusion-views.ts';
import { fusions, fusionSlots } from './fusions.tables.ts';

/*
 * Route: POST /v1/console/fusions, PUT /v1/console/fusions/{id} · Writes: fusions, fusion_slots, fusion_outputs,
 * editions (the results minted ahead, through the collection), audit_log · Reads: brands, categories, products,
 * collections (through the catalogue) · UI: features/console fusion form · Tests: fusions.test.ts.
 */

/** The result product is checked as a drop's contents are, and refused in the fusion form's own fields. */
const FUSION_RESULT_REFUSALS: TProductRefusals = {
  notPublished: 'FUSION_RESULT_NOT_PUBLISHED',
  sizeExceeded: 'FUSION_SUPPLY_EXCEEDS_EDITION_SIZE',
  publishedField: 'resultProductId',
  countField: 'resultSupply',
};

/**
 * A brand makes a fusion. Its results are minted at once, as UNISSUED editions with the product's next serial numbers
 * (the product locked meanwhile, as a drop's publication locks it), each one a fusion output a run will claim: so
 * fusing never takes a serial number or touches the product's row, and the supply cannot be exceeded.
 */
export async function createFusion(
  ctx: Pick<AppContext, 'db' | 'clock' | 'chain'>,
  operator: Operator | null,
  input: TConsoleFusionRequest,
): Promise<TConsoleFusion> {
  const now = ctx.clock.now();
  const id = newId();
  return inTransaction(ctx.db, async (tx) => {
    await assertFusionReferences(tx, operator, input);
    // The result: of the brand, published, with room under its edition size; locked while its serials are taken.
    const [result] = await checkDropProducts(
      tx,
      input.brandId,
      [{ productId: input.resultProductId, editionCount: input.resultSupply }],
      { publication: true, refusals: FUSION_RESULT_REFUSALS },
    );
    const [row] = await tx
      .insert(fusions)
      .values({
        id,
        ...fusionColumns(input),
        resultProductId: input.resultProductId,
        resultSupply: input.resultSupply,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await insertSlots(tx, id, input);
    const editionIds = await createPackEditions(
      tx,
      Array.from({ length: input.resultSupply }, (_, n) => ({
        productId: input.resultProductId,
        serialNumber: result!.nextSerialNumber + n,
        packId: null,
      })),
      now,
      { state: 'UNISSUED', isOnChain: ctx.chain.isOnChain },
    );
    await tx.execute(sql`
      insert into fusion_outputs (id, fusion_id, number)
      select e.id, ${id}::uuid, e.n from unnest(${sqlArray(editionIds)}::uuid[]) with ordinality as e(id, n)`);
    await recordAudit(tx, {
      actorUserId: operator?.userId ?? null,
      action: 'create',
      entityType: 'fusion',
      entityId: id,
      before: null,
      after: input,
      at: now,
    });
    return consoleFusionView(tx, row!, now);
  });
}

/**
 * Changes a fusion before it begins (FUSION_STARTED after): its words, artwork, times and slots. Its result and supply
 * were minted when it was made and stay.
 */
export async function updateFusion(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  operator: Operator,
  id: string,
  input: TConsoleFusionRequest,
): Promise<TConsoleFusion> {
  const now = ctx.clock.now();
  return inTransaction(ctx.db, async (tx) => {
    const [before] = await tx.select().from(fusions).where(eq(fusions.id, id)).for('update');
    if (!before) throw new AppError('FUSION_NOT_FOUND');
    assertCanManageBrand(operator, before.brandId);
    if (now >= before.beginAt) throw new AppError('FUSION_STARTED', { message: fusionMessages.startedIsFinal });
    if (
      input.brandId !== before.brandId ||
      input.resultProductId !== before.resultProductId ||
      input.resultSupply !== before.resultSupply
    ) {
      throw new AppError('INVALID_REQUEST', {
        details: [{ field: 'resultSupply', message: fusionMessages.resultIsFinal }],
      });
    }
    await assertFusionReferences(tx, operator, input);
    const [row] = await tx
      .update(fusions)
      .set({ ...fusionColumns(input), updatedAt: now })
      .where(eq(fusions.id, id))
      .returning();
    await tx.delete(fusionSlots).where(eq(fusionSlots.fusionId, id));
    await insertSlots(tx, id, input);
    await recordAudit(tx, {
      actorUserId: operator.userId,
      action: 'update',
      entityType: 'fusion',
      entityId: id,
      before,
      after: input,
      at: now,
    });
    return consoleFusionView(tx, row!, now);
  });
}

function fusionColumns(input: TConsoleFusionRequest) {
  return {
    brandId: input.brandId,
    categoryId: input.categoryId,
    name: input.name,
    description: input.description,
    imageUrl: input.imageUrl,
    beginAt: new Date(input.beginAt),
    endAt: new Date(input.endAt),
  };
}

async function insertSlots(tx: Db, fusionId: string, input: TConsoleFusionRequest): Promise<void> {
  await tx.insert(fusionSlots).values(
    input.slots.map((slot, index) => ({
      id: newId(),
      fusionId,
      position: index + 1,
      name: slot.name,
      requiredCount: slot.requiredCount,
      ...ruleColumns(slot.rule),
    })),
  );
}

/**
 * The brand exists and the operator manages it; the category exists; every product and collection a slot names is
 * the brand's (RELATED_ITEM_NOT_FOUND, RELATED_ITEM_OF_OTHER_BRAND).
 */
async function assertFusionReferences(tx: Db, operator: Operator | null, input: TConsoleFusionRequest): Promise<void> {
  if (!(await brandSummariesByIds(tx, [input.brandId])).has(input.brandId))
    throw new AppError('RELATED_ITEM_NOT_FOUND');
  if (operator) assertCanManageBrand(operator, input.brandId);
  if (input.categoryId && !(await categorySummariesByIds(tx, [input.categoryId])).has(input.categoryId)) {
    throw new AppError('RELATED_ITEM_NOT_FOUND');
  }
  const productIds = input.slots.flatMap((slot) => (slot.rule.kind === 'PRODUCT' ? [slot.rule.productId] : []));
  const collectionIds = input.slots.flatMap((slot) =>
    slot.rule.kind === 'COLLECTION' ? [slot.rule.collectionId] : [],
  );
  const products = await productsByIds(tx, productIds);
  const collections = await collectionFactsByIds(tx, collectionIds);
  const named = [...productIds.map((id) => products.get(id)), ...collectionIds.map((id) => collections.get(id))];
  if (named.some((item) => item === undefined)) throw new AppError('RELATED_ITEM_NOT_FOUND');
  if (named.some((item) => item!.brandId !== input.brandId)) throw new AppError('RELATED_ITEM_OF_OTHER_BRAND');
}
