import { and, asc, eq, sql } from 'drizzle-orm';
import { errorCatalogue, type TConsoleFusion } from '@cypher/contract';
import type { AppContext } from '../../app-context.ts';
import { sqlArray } from '../../db/sql-arrays.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError } from '../../http/app-error.ts';
import { nextVersionAt } from '../../http/entry-version.ts';
import type { Operator } from '../../http/operator-guard.ts';
import { createPackEditions } from '../collection/create-pack-editions.ts';
import { recordAudit } from '../console/audit/record-audit.ts';
import { consoleFusionView } from './fusion-views.ts';
import { assertSlotsPublished } from './fusion-rules.ts';
import { fusions, fusionSlots } from './fusions.tables.ts';
import { holdSlotCollections } from './live-fusion-uses.ts';
import { checkFusionResult, lockFusion } from './write-fusion.ts';

/**
 * Route: POST /v1/console/fusions/{id}/publish (fusions.routes.ts) · Writes: fusions (status, published_at),
 * fusion_outputs, editions (the results minted ahead, through the collection), audit_log; holds the slots' collections
 * (live-fusion-uses.ts) · Reads: fusion_slots,
 * products (through the catalogue, the result locked), collections · UI: features/console/components/publish-fusion-action.tsx · Tests:
 * fusion-publication.test.ts.
 *
 * A draft becomes public, once (decision record 50), in one transaction:
 * 1. the fusion row is locked, so a second publish waits and answers FUSION_ALREADY_PUBLISHED; one already over is
 *    refused (FUSION_SCHEDULE_PASSED): it would mint results nobody could make;
 * 2. every product and collection its slots name must be published (FUSION_SLOT_NOT_PUBLISHED): collectors are shown
 *    what the slots take, and could never hold an edition of a product not released yet;
 * 3. the result product must now be published, in a published collection or none (FUSION_RESULT_NOT_PUBLISHED: its
 *    page must open), with room under its edition size, and is locked while its next serial numbers are taken (as a
 *    drop's publication locks it);
 * 4. the collections its slots take are held against products moving out of them (holdSlotCollections), so a holder
 *    shown the fusion taking their edition is not refused at the slot by a move made at the same moment;
 * 5. the results are minted as UNISSUED editions, each one a fusion output a run will claim: so fusing never takes a
 *    serial number or touches the product's row, and the supply cannot be exceeded.
 *
 * `operator` null: the demo seed, which has no operator.
 */
export async function publishFusion(
  ctx: Pick<AppContext, 'db' | 'clock' | 'chain'>,
  operator: Operator | null,
  id: string,
): Promise<TConsoleFusion> {
  const now = ctx.clock.now();
  return inTransaction(ctx.db, async (tx) => {
    const before = await lockFusion(tx, operator, id);
    if (before.status !== 'DRAFT') throw new AppError('FUSION_ALREADY_PUBLISHED');
    if (before.endAt <= now) {
      throw new AppError('FUSION_SCHEDULE_PASSED', {
        details: [{ field: 'endAt', message: errorCatalogue.FUSION_SCHEDULE_PASSED.message }],
      });
    }
    const slots = await tx
      .select()
      .from(fusionSlots)
      .where(eq(fusionSlots.fusionId, id))
      .orderBy(asc(fusionSlots.position));
    await assertSlotsPublished(tx, slots);
    const result = await checkFusionResult(tx, before, { publication: true });
    await holdSlotCollections(
      tx,
      slots.map((slot) => slot.ruleCollectionId),
    );
    const editionIds = await createPackEditions(
      tx,
      Array.from({ length: before.resultSupply }, (_, n) => ({
        productId: before.resultProductId,
        serialNumber: result.nextSerialNumber + n,
        packId: null,
      })),
      now,
      { state: 'UNISSUED', isOnChain: ctx.chain.isOnChain },
    );
    await tx.execute(sql`
      insert into fusion_outputs (id, fusion_id, number)
      select e.id, ${id}::uuid, e.n from unnest(${sqlArray(editionIds)}::uuid[]) with ordinality as e(id, n)`);
    const [row] = await tx
      .update(fusions)
      .set({ status: 'PUBLISHED', publishedAt: now, updatedAt: nextVersionAt(now, before.updatedAt) })
      .where(and(eq(fusions.id, id), eq(fusions.status, 'DRAFT')))
      .returning();
    if (!row) throw new Error(`fusion ${id} changed status under a row lock`);
    const after = await consoleFusionView(tx, row, now);
    await recordAudit(tx, {
      actorUserId: operator?.userId ?? null,
      action: 'publish',
      entityType: 'fusion',
      entityId: id,
      before: await consoleFusionView(tx, before, now),
      after,
      at: now,
    });
    return after;
  });
}
