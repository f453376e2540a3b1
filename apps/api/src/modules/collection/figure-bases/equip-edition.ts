import { and, eq } from 'drizzle-orm';
import { isEditionHidden, type TEquipRequest, type TFigureBaseDetail } from '@cypher/contract';
import type { AppContext } from '../../../app-context.ts';
import { inTransaction } from '../../../db/transaction.ts';
import { AppError } from '../../../http/app-error.ts';
import { editions, figureBasePlacements, figureBaseSlots } from '../collection.tables.ts';
import { moveEdition } from '../move-edition.ts';
import { editionFitsSlot } from './figure-base-views.ts';
import { figureBaseRow, getFigureBase } from './get-figure-base.ts';

/**
 * Route: POST /v1/figure-base-collections/{id}/equip · Writes: editions (state), product_activities (EQUIPPED, through
 * moveEdition), figure_base_placements · Reads: figure_bases, figure_base_slots · UI: features/collection
 * figure-base-editions-page.tsx · Tests: figure-bases.test.ts (10 concurrent equips of one edition on PostgreSQL).
 *
 * Puts my edition into a slot of a base. What fits is read first (an edition's collection, product and rarity never
 * change, so reading them cannot race); what can race is decided by the writes: the edition's move OWNED -> EQUIPPED
 * is one conditional statement, so of ten equips of one edition into different slots the row lock lets one through,
 * and the placement's key on person and slot lets one edition into a slot (the other's move rolls back with it).
 * The slots can change under an operator's edit of the base (a slot removed, or made to fit something else), so the
 * base's row is held first: the edit, which holds it FOR UPDATE, either waits for this placement and then finds the
 * slot in use, or goes first and this reads its slots as it left them (figure-base-races.test.ts).
 */
export async function equipEdition(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  userId: string,
  figureBaseId: string,
  request: TEquipRequest,
): Promise<TFigureBaseDetail> {
  const now = ctx.clock.now();
  await inTransaction(ctx.db, async (tx) => {
    const base = await figureBaseRow(tx, figureBaseId, { mustBePublic: true, isLockedForUse: true });
    const [slot] = await tx
      .select()
      .from(figureBaseSlots)
      .where(and(eq(figureBaseSlots.id, request.slotId), eq(figureBaseSlots.figureBaseId, figureBaseId)));
    if (!slot) throw new AppError('FIGURE_BASE_SLOT_NOT_FOUND');
    const [edition] = await tx
      .select({
        ownerUserId: editions.ownerUserId,
        state: editions.state,
        collectionId: editions.collectionId,
        productId: editions.productId,
        rarity: editions.rarity,
      })
      .from(editions)
      .where(eq(editions.id, request.editionId));
    if (!edition || isEditionHidden(edition.state)) throw new AppError('EDITION_NOT_FOUND');
    if (edition.ownerUserId !== userId) throw new AppError('EDITION_NOT_YOURS');
    if (!editionFitsSlot(edition, base.collectionId, slot)) throw new AppError('EDITION_DOES_NOT_FIT');

    await moveEdition(tx, { editionId: request.editionId, move: 'equip', ownerUserId: userId, now });
    const placed = await tx
      .insert(figureBasePlacements)
      .values({ userId, slotId: slot.id, figureBaseId, editionId: request.editionId, equippedAt: now })
      .onConflictDoNothing()
      .returning({ slotId: figureBasePlacements.slotId });
    if (placed.length === 0) throw new AppError('FIGURE_BASE_SLOT_TAKEN');
  });
  return getFigureBase(ctx.db, figureBaseId, userId);
}
