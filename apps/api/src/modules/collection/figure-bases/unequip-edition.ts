import { and, eq } from 'drizzle-orm';
import { isEditionHidden, type TFigureBaseDetail, type TUnequipRequest } from '@cypher/contract';
import type { AppContext } from '../../../app-context.ts';
import { inTransaction } from '../../../db/transaction.ts';
import { AppError } from '../../../http/app-error.ts';
import { editions, figureBasePlacements } from '../collection.tables.ts';
import { moveEdition } from '../move-edition.ts';
import { figureBaseRow, getFigureBase } from './get-figure-base.ts';

/**
 * Route: POST /v1/figure-base-collections/{id}/unequip · Writes: figure_base_placements, editions (state),
 * product_activities (UNEQUIPPED, through moveEdition) · UI: features/collection figure-base-editions-page.tsx ·
 * Tests: figure-bases.test.ts.
 *
 * Takes my edition off a base: its placement row is deleted first (of two concurrent unequips, the second finds it
 * gone), then the edition moves EQUIPPED -> OWNED with its history row. Works on a base whose collection has since
 * been hidden from the public, so nobody's edition is stuck on it.
 */
export async function unequipEdition(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  userId: string,
  figureBaseId: string,
  request: TUnequipRequest,
): Promise<TFigureBaseDetail> {
  await inTransaction(ctx.db, async (tx) => {
    await figureBaseRow(tx, figureBaseId, { mustBePublic: false });
    const removed = await tx
      .delete(figureBasePlacements)
      .where(
        and(
          eq(figureBasePlacements.userId, userId),
          eq(figureBasePlacements.figureBaseId, figureBaseId),
          eq(figureBasePlacements.editionId, request.editionId),
        ),
      )
      .returning({ editionId: figureBasePlacements.editionId });
    if (removed.length === 0) {
      const [edition] = await tx
        .select({ ownerUserId: editions.ownerUserId, state: editions.state })
        .from(editions)
        .where(eq(editions.id, request.editionId));
      if (!edition || isEditionHidden(edition.state)) throw new AppError('EDITION_NOT_FOUND');
      if (edition.ownerUserId !== userId) throw new AppError('EDITION_NOT_YOURS');
      throw new AppError('EDITION_NOT_ON_FIGURE_BASE');
    }
    await moveEdition(tx, { editionId: request.editionId, move: 'unequip', ownerUserId: userId, now: ctx.clock.now() });
  });
  return getFigureBase(ctx.db, figureBaseId, userId, { isHiddenShown: true });
}
