import { eq } from 'drizzle-orm';
import {
  fusionMessages,
  type TConsoleFusion,
  type TConsoleFusionRequest,
  type TFusionSlotRuleRequest,
} from '@cypher/contract';
import type { AppContext } from '../../app-context.ts';
import type { Db } from '../../db/client.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError } from '../../http/app-error.ts';
import { assertUnchangedSince, nextVersionAt, type TSeenVersion } from '../../http/entry-version.ts';
import { assertCanManageBrand, type Operator } from '../../http/operator-guard.ts';
import { newId } from '../../lib/ids.ts';
import { brandSummariesByIds } from '../catalog/brand-summaries.ts';
import { collectionFactsByIds } from '../catalog/collection-summaries.ts';
import { categorySummariesByIds } from '../catalog/fusion-catalog-lookups.ts';
import { productsByIds } from '../catalog/products-by-ids.ts';
import { inAuditedEdit } from '../console/audit/audited-edit.ts';
import { recordAudit } from '../console/audit/record-audit.ts';
import { checkDropProducts, type TProductRefusals } from '../drops/drop-products.ts';
import { assertSlotsPublished, ruleColumns } from './fusion-rules.ts';
import { holdSlotCollections } from './live-fusion-uses.ts';
import { consoleFusionView } from './fusion-views.ts';
import { fusions, fusionSlots, type TFusionRow, type TFusionSlotRow } from './fusions.tables.ts';

/*
 * Route: POST /v1/console/fusions, PUT /v1/console/fusions/{id} · Writes: fusions, fusion_slots, audit_log · Reads:
 * brands, categories, products, collections (through the catalogue; published, for a published fusion's slots) · UI:
 * features/console fusion form · Tests: fusions.test.ts, fusion-publication.test.ts.
 */

/** The result product is checked as a drop's contents are, and refused in the fusion form's own fields. */
const FUSION_RESULT_REFUSALS: TProductRefusals = {
  notPublished: 'FUSION_RESULT_NOT_PUBLISHED',
  sizeExceeded: 'FUSION_SUPPLY_EXCEEDS_EDITION_SIZE',
  publishedField: 'resultProductId',
  countField: 'resultSupply',
};

/**
 * A brand makes a fusion, as a draft that collectors never see (decision record 50). Its result is checked as a draft
 * drop's contents are, early feedback (of the brand, with room under its edition size, published or not yet); the
 * results are minted when it is published (publish-fusion.ts), so a draft holds no serial numbers.
 */
export async function createFusion(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  operator: Operator | null,
  input: TConsoleFusionRequest,
): Promise<TConsoleFusion> {
  const now = ctx.clock.now();
  const id = newId();
  return inTransaction(ctx.db, async (tx) => {
    await assertFusionReferences(tx, operator, input);
    await checkFusionResult(tx, input, { publication: false });
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
 * Changes a fusion. A draft changes freely but for its brand (its slots name the brand's products and collections, and
 * the operator was checked against it): words, artwork, times, slots, result and supply, since nothing is minted yet.
 * A published one changes only before it begins (FUSION_STARTED after), and not its result or supply, minted when it
 * was published, and its slots name only published products and collections (FUSION_SLOT_NOT_PUBLISHED, as when it
 * was published). ENTRY_CHANGED when the form was opened on a version changed since (`seen`, the request's If-Match).
 */
export async function updateFusion(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  operator: Operator,
  id: string,
  input: TConsoleFusionRequest,
  seen: TSeenVersion = null,
): Promise<TConsoleFusion> {
  const audit = { actorUserId: operator.userId, entityType: 'fusion', entityId: id, at: ctx.clock.now() } as const;
  return inAuditedEdit(ctx.db, audit, async (tx) => {
    const before = await lockFusion(tx, operator, id);
    // The time once the lock is had: a fusion under way holds the row until it commits, and an edit that waited for
    // one must see the fusion begun (FUSION_STARTED), not remove the slots the fusion just burned editions into.
    const now = ctx.clock.now();
    if (input.brandId !== before.brandId) {
      throw new AppError('INVALID_REQUEST', { details: [{ field: 'brandId', message: fusionMessages.brandIsFinal }] });
    }
    const isDraft = before.status === 'DRAFT';
    if (!isDraft && now >= before.beginAt) {
      throw new AppError('FUSION_STARTED', { message: fusionMessages.startedIsFinal });
    }
    // After FUSION_STARTED: an edit that can no longer be made at all is told so, not to reload and make it again.
    assertUnchangedSince(seen, before.updatedAt);
    if (!isDraft && (input.resultProductId !== before.resultProductId || input.resultSupply !== before.resultSupply)) {
      throw new AppError('INVALID_REQUEST', {
        details: [{ field: 'resultSupply', message: fusionMessages.resultIsFinal }],
      });
    }
    await assertFusionReferences(tx, operator, input);
    if (isDraft) {
      await checkFusionResult(tx, input, { publication: false });
    } else {
      // Collectors see a published fusion's slots: each names only what is published, as publication required, and a
      // product leaving a collection a slot now takes waits for this edit and is then refused, as for a publication.
      const slots = input.slots.map((slot) => ruleColumns(slot.rule));
      await assertSlotsPublished(tx, slots);
      await holdSlotCollections(
        tx,
        slots.map((slot) => slot.ruleCollectionId),
      );
    }
    const beforeView = await consoleFusionView(tx, before, now);
    const [row] = await tx
      .update(fusions)
      .set({
        ...fusionColumns(input),
        ...(isDraft ? { resultProductId: input.resultProductId, resultSupply: input.resultSupply } : {}),
        updatedAt: nextVersionAt(now, before.updatedAt),
      })
      .where(eq(fusions.id, id))
      .returning();
    const replaced = await tx.delete(fusionSlots).where(eq(fusionSlots.fusionId, id)).returning();
    await insertSlots(tx, id, input, replaced);
    return { before: beforeView, after: await consoleFusionView(tx, row!, now) };
  });
}

/**
 * The fusion locked for a console write (update, publish, close, delete), for an operator of its brand: writes to one
 * fusion wait for each other, and for the fusions under way, which hold it FOR SHARE (fuse.ts).
 */
export async function lockFusion(tx: Db, operator: Operator | null, id: string): Promise<TFusionRow> {
  const [row] = await tx.select().from(fusions).where(eq(fusions.id, id)).for('no key update');
  if (!row) throw new AppError('FUSION_NOT_FOUND');
  if (operator) assertCanManageBrand(operator, row.brandId);
  return row;
}

/**
 * The result product, checked as a drop's contents are: of the brand, with room under its edition size. For a draft
 * the check is advisory; publication (`publication: true`) repeats it with the product published and locked while its
 * serial numbers are taken, and answers where they start.
 */
export async function checkFusionResult(
  tx: Db,
  fusion: { brandId: string; resultProductId: string; resultSupply: number },
  options: { publication: boolean },
): Promise<{ nextSerialNumber: number }> {
  const [result] = await checkDropProducts(
    tx,
    fusion.brandId,
    [{ productId: fusion.resultProductId, editionCount: fusion.resultSupply }],
    { publication: options.publication, refusals: FUSION_RESULT_REFUSALS },
  );
  return result!;
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

/**
 * The slots of the request, in its order. A slot an edit leaves exactly as it was (`replaced`, the rows it takes the
 * place of) keeps its id, so an edit of the words alone changes no slot; a changed slot is a new one, and materials
 * chosen for the old one are refused (FUSION_MATERIALS_INCOMPLETE) rather than judged by a rule they were not chosen
 * for.
 */
async function insertSlots(
  tx: Db,
  fusionId: string,
  input: TConsoleFusionRequest,
  replaced: readonly TFusionSlotRow[] = [],
): Promise<void> {
  await tx.insert(fusionSlots).values(
    input.slots.map((slot, index) => {
      const columns = {
        fusionId,
        position: index + 1,
        name: slot.name,
        requiredCount: slot.requiredCount,
        ...ruleColumns(slot.rule),
      };
      const same = replaced.find((row) =>
        Object.entries(columns).every(([key, value]) => row[key as keyof TFusionSlotRow] === value),
      );
      return { id: same?.id ?? newId(), ...columns };
    }),
  );
}

/**
 * The brand exists and the operator manages it; the category exists; every product and collection a slot names is
 * the brand's (RELATED_ITEM_NOT_FOUND, RELATED_ITEM_OF_OTHER_BRAND).
 */
async function assertFusionReferences(tx: Db, operator: Operator | null, input: TConsoleFusionRequest): Promise<void> {
  await assertSlotReferences(tx, operator, input);
  if (input.categoryId && !(await categorySummariesByIds(tx, [input.categoryId])).has(input.categoryId)) {
    throw new AppError('RELATED_ITEM_NOT_FOUND');
  }
}

/**
 * The brand exists and the operator manages it, and every product and collection a slot's rule names is the brand's:
 * what a fusion is made of, checked alike when it is saved and when the console previews its slots.
 */
export async function assertSlotReferences(
  db: Db,
  operator: Operator | null,
  input: { brandId: string; slots: readonly { rule: TFusionSlotRuleRequest }[] },
): Promise<void> {
  if (!(await brandSummariesByIds(db, [input.brandId])).has(input.brandId))
    throw new AppError('RELATED_ITEM_NOT_FOUND');
  if (operator) assertCanManageBrand(operator, input.brandId);
  const productIds = input.slots.flatMap((slot) => (slot.rule.kind === 'PRODUCT' ? [slot.rule.productId] : []));
  const collectionIds = input.slots.flatMap((slot) =>
    slot.rule.kind === 'COLLECTION' ? [slot.rule.collectionId] : [],
  );
  const products = await productsByIds(db, productIds);
  const collections = await collectionFactsByIds(db, collectionIds);
  const named = [...productIds.map((id) => products.get(id)), ...collectionIds.map((id) => collections.get(id))];
  if (named.some((item) => item === undefined)) throw new AppError('RELATED_ITEM_NOT_FOUND');
  if (named.some((item) => item!.brandId !== input.brandId)) throw new AppError('RELATED_ITEM_OF_OTHER_BRAND');
}
