import { and, asc, desc, eq } from 'drizzle-orm';
import type { TFigureBaseDetail } from '@cypher/contract';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../http/app-error.ts';
import { collectionFactsByIds } from '../../catalog/collection-summaries.ts';
import { editions, figureBasePlacements, figureBases, type TFigureBaseRow } from '../collection.tables.ts';
import { editionViewsByIds, editionViewsOf } from '../edition-views.ts';
import { editionFitsSlot, figureBaseViewsOf } from './figure-base-views.ts';

/*
 * Route: GET /v1/figure-base-collections/{id}; equip and unequip answer it too · Reads: figure_bases, their slots and
 * placements, editions, and products, brands, collections and people through their owners' functions · UI:
 * features/collection figure-base-editions-page.tsx · Tests: figure-bases.test.ts.
 */

/** The most editions offered to choose from: a collector rarely holds more of one collection, and the rarest first. */
const CANDIDATE_LIMIT = 200;

/**
 * A base as its viewer sees it: the slots, what the viewer has standing in each, and the viewer's free editions of
 * the base's collection with the slots each fits. Signed out: the base and its slots only. A base whose collection
 * the public does not see is not found.
 */
export async function getFigureBase(
  db: Db,
  id: string,
  viewerUserId: string | null,
  options: { isHiddenShown?: boolean } = {},
): Promise<TFigureBaseDetail> {
  const base = await figureBaseRow(db, id, { mustBePublic: !options.isHiddenShown });
  const [[view], placements, candidateRows] = await Promise.all([
    figureBaseViewsOf(db, [base], viewerUserId),
    viewerUserId
      ? db
          .select({ slotId: figureBasePlacements.slotId, editionId: figureBasePlacements.editionId })
          .from(figureBasePlacements)
          .where(and(eq(figureBasePlacements.userId, viewerUserId), eq(figureBasePlacements.figureBaseId, id)))
      : [],
    viewerUserId
      ? db
          .select()
          .from(editions)
          .where(
            and(
              eq(editions.ownerUserId, viewerUserId),
              eq(editions.collectionId, base.collectionId),
              eq(editions.state, 'OWNED'),
            ),
          )
          .orderBy(desc(editions.rarityRank), asc(editions.productId), asc(editions.serialNumber))
          .limit(CANDIDATE_LIMIT)
      : [],
  ]);
  const [placed, candidates] = await Promise.all([
    editionViewsByIds(
      db,
      placements.map((placement) => placement.editionId),
    ),
    editionViewsOf(db, candidateRows),
  ]);
  return {
    ...view!,
    placements: placements.map((placement) => ({
      slotId: placement.slotId,
      edition: placed.get(placement.editionId)!.edition,
    })),
    candidates: candidateRows
      .map((row) => ({
        edition: candidates.get(row.id)!.edition,
        slotIds: view!.slots.filter((slot) => editionFitsSlot(row, base.collectionId, slot)).map((slot) => slot.id),
      }))
      .filter((candidate) => candidate.slotIds.length > 0),
  };
}

/**
 * A base, or FIGURE_BASE_NOT_FOUND; with `mustBePublic`, also when the public does not see its collection. With
 * `isLockedForUse`, its row is held FOR KEY SHARE until the transaction ends: a console edit of the base (which holds
 * it FOR UPDATE while it changes the slots) waits for the use to commit, or the use waits for the edit and then reads
 * the slots as the edit left them.
 */
export async function figureBaseRow(
  db: Db,
  id: string,
  options: { mustBePublic: boolean; isLockedForUse?: boolean },
): Promise<TFigureBaseRow> {
  const query = db.select().from(figureBases).where(eq(figureBases.id, id));
  const [base] = options.isLockedForUse ? await query.for('key share') : await query;
  if (!base) throw new AppError('FIGURE_BASE_NOT_FOUND');
  if (options.mustBePublic) {
    const collection = (await collectionFactsByIds(db, [base.collectionId])).get(base.collectionId);
    if (!collection?.isPublic) throw new AppError('FIGURE_BASE_NOT_FOUND');
  }
  return base;
}
