import { eq, sql } from 'drizzle-orm';
import { formatNumber, fusionStatusAt, webPath, type TFuseRequest, type TFusionRun } from '@cypher/contract';
import type { AppContext } from '../../app-context.ts';
import { claimUnclaimedUnits } from '../../db/claim-unclaimed-units.ts';
import type { Db } from '../../db/client.ts';
import { sqlArray } from '../../db/sql-arrays.ts';
import { AppError } from '../../http/app-error.ts';
import { replayOrRefuse, runWithIdempotencyKey, type TIdempotentRequest } from '../../http/idempotency.ts';
import { newId } from '../../lib/ids.ts';
import { burnEditions, issueEdition, lockBurnableEditions } from '../collection/fusion-editions.ts';
import { notify } from '../notifications/notify.ts';
import { editionFits, editionMatchesOf } from './fusion-rules.ts';
import { getMyFusionRun } from './get-fusion-run.ts';
import { publicFusionRowOf } from './read-fusions.ts';
import { fusions, fusionSlots, type TFusionRow } from './fusions.tables.ts';

/*
 * Route: POST /v1/fusions/{id}/fuse (with an Idempotency-Key: a replay answers the first outcome) · Writes: editions
 * and product_activities (burn and issue, through the collection), fusion_outputs (claim), fusion_runs,
 * fusion_run_materials, notifications, idempotency_keys · Reads: fusions (held FOR SHARE), fusion_slots (under it),
 * products (fusion-rules.ts) · UI: features/fusion slots page · Tests: fusions.test.ts, fusion-publication.test.ts,
 * fusion-races.test.ts.
 *
 * One transaction, all or nothing:
 * 1. the fusion is open (FUSION_NOT_AVAILABLE), read with its row held FOR SHARE so a close waits for this to commit,
 *    and the request names each of its slots once with exactly its count, every edition once
 *    (FUSION_MATERIALS_INCOMPLETE): checked before any edition is locked;
 * 2. the chosen editions are locked in id order and each must be the caller's and free (EDITION_NOT_YOURS,
 *    EDITION_EQUIPPED, EDITION_LOCKED, EDITION_UNAVAILABLE) and fit its slot, which an edition of the result never
 *    does (FUSION_MATERIAL_MISMATCH); of twenty fusions sharing an edition, the first to lock it burns it and the
 *    others find it burned;
 * 3. they are burned, each with its history row; only then is a result claimed (FOR UPDATE SKIP LOCKED, as packs),
 *    so a fusion that will be refused never holds a result another would have had; none left is FUSION_ALL_FUSED,
 *    and the burn rolls back with it;
 * 4. the result edition is issued to the caller (minted ahead with its serial), the run and its materials recorded,
 *    the notification written.
 */
export async function fuse(
  deps: Pick<AppContext, 'db' | 'clock'>,
  userId: string,
  fusionId: string,
  request: TFuseRequest,
  idempotent: TIdempotentRequest | null,
): Promise<TFusionRun> {
  const now = deps.clock.now();
  let fusion: TFusionRow;
  try {
    fusion = await publicFusionRowOf(deps.db, fusionId);
  } catch (refusal) {
    // A retry of a fusion answered before gets that answer (the edition it made), though the fusion's brand may have
    // been unpublished since: never FUSION_NOT_FOUND, which would tell someone whose editions burned that nothing did.
    return (await replayOrRefuse<TFusionRun>(deps.db, userId, idempotent, refusal)).body;
  }
  const result = await runWithIdempotencyKey<TFusionRun>({ db: deps.db, now }, userId, idempotent, async (tx) => {
    // Checked inside the key's work, so a replay answers the first outcome: the fusion made, even once it has ended.
    // The row is held FOR SHARE until this commits and its times read under that lock, at the time the lock was had: a
    // close (close-fusion.ts) waits for this fusion to commit, and one that committed first is seen here.
    const [open] = await tx
      .select({ status: fusions.status, beginAt: fusions.beginAt, endAt: fusions.endAt })
      .from(fusions)
      .where(eq(fusions.id, fusion.id))
      .for('share');
    if (open?.status !== 'PUBLISHED' || fusionStatusAt(open, deps.clock.now()) !== 'AVAILABLE') {
      throw new AppError('FUSION_NOT_AVAILABLE');
    }
    // Read under the lock: an operator's edit before the fusion began (which may move its start to now) replaces the
    // slots, and this sees them as that edit left them, never the ones it removed.
    const slots = await tx.select().from(fusionSlots).where(eq(fusionSlots.fusionId, fusion.id));
    const chosen = chosenMaterials(slots, request);
    return { status: 201, body: await fuseInTransaction(tx, { fusion, slots, chosen, userId, now }) };
  });
  return result.body;
}

type TSlot = (typeof fusionSlots)['$inferSelect'];

/** Each slot's chosen editions, checked against the slots' counts; every edition once. */
function chosenMaterials(slots: readonly TSlot[], request: TFuseRequest): { slot: TSlot; editionIds: string[] }[] {
  const bySlot = new Map(request.slots.map((entry) => [entry.slotId, entry.editionIds]));
  const editionIds = request.slots.flatMap((entry) => entry.editionIds);
  const isComplete =
    bySlot.size === request.slots.length &&
    bySlot.size === slots.length &&
    slots.every((slot) => bySlot.get(slot.id)?.length === slot.requiredCount) &&
    new Set(editionIds).size === editionIds.length;
  if (!isComplete) throw new AppError('FUSION_MATERIALS_INCOMPLETE');
  return slots.map((slot) => ({ slot, editionIds: bySlot.get(slot.id)! }));
}

async function fuseInTransaction(
  tx: Db,
  input: {
    fusion: TFusionRow;
    slots: readonly TSlot[];
    chosen: { slot: TSlot; editionIds: string[] }[];
    userId: string;
    now: Date;
  },
): Promise<TFusionRun> {
  const { fusion, chosen, userId, now } = input;
  const allIds = chosen.flatMap((entry) => entry.editionIds);
  const locked = new Map((await lockBurnableEditions(tx, userId, allIds)).map((edition) => [edition.id, edition]));
  // The match that listed the slot's materials: an edition of the fusion's own result fits no slot.
  const matches = await editionMatchesOf(
    tx,
    fusion,
    chosen.map((entry) => entry.slot),
  );
  for (const [index, entry] of chosen.entries()) {
    if (!entry.editionIds.every((id) => editionFits(locked.get(id)!, matches[index]!))) {
      throw new AppError('FUSION_MATERIAL_MISMATCH', {
        details: [
          { field: `slots.${entry.slot.position - 1}`, message: `Not every edition fits “${entry.slot.name}”.` },
        ],
      });
    }
  }
  await burnEditions(tx, userId, allIds, now);

  const [output] = await claimUnclaimedUnits(tx, 'fusion_outputs', sql`fusion_id = ${fusion.id}`, 1);
  if (!output) throw new AppError('FUSION_ALL_FUSED');
  await issueEdition(tx, output.id, userId, now);
  const runId = newId();
  await tx.execute(sql`
    with run as (
      insert into fusion_runs (id, fusion_id, user_id, result_edition_id, created_at)
      values (${runId}, ${fusion.id}, ${userId}, ${output.id}, ${now.toISOString()}::timestamptz)
    ),
    claimed as (update fusion_outputs set run_id = ${runId} where id = ${output.id})
    insert into fusion_run_materials (run_id, slot_id, edition_id)
    select ${runId}::uuid, m.slot_id, m.edition_id
    from unnest(${sqlArray(chosen.flatMap((entry) => entry.editionIds.map(() => entry.slot.id)))}::uuid[],
                ${sqlArray(allIds)}::uuid[]) as m(slot_id, edition_id)`);

  // The answer is the run as it is read back later (after a reload), from what was just written.
  const run = await getMyFusionRun(tx, userId, fusion.id, runId);
  await notify(tx, {
    userId,
    kind: 'FUSION',
    stage: 'SUCCESSFUL',
    title: 'Fusion complete',
    body: `You fused ${allIds.length} ${allIds.length === 1 ? 'edition' : 'editions'} into ${run.edition.product.name} #${formatNumber(run.edition.serialNumber)}.`,
    linkPath: webPath('/nfts/:id', { id: output.id }),
    referenceId: runId,
    now,
  });
  return run;
}
