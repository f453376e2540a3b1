import { and, eq, inArray } from 'drizzle-orm';
import type { TFigureBaseSlotInput } from '@cypher/contract';
import type { Db } from '../../../db/client.ts';
import { isForeignKeyViolation } from '../../../db/errors.ts';
import { AppError } from '../../../http/app-error.ts';
import { newId } from '../../../lib/ids.ts';
import { productsByIds } from '../../catalog/products-by-ids.ts';
import { figureBasePlacements, figureBaseSlots } from '../collection.tables.ts';

/*
 * Writes: figure_base_slots · Reads: figure_base_placements, products (through the catalogue's productsByIds) ·
 * Route: POST and PATCH /v1/console/figure-bases (create-figure-base.ts, update-figure-base.ts) · Tests:
 * figure-bases-console.test.ts.
 */

/** A slot may ask only for a product of the base's own collection: nothing else could ever stand in it. */
export async function assertSlotProductsOfCollection(
  tx: Db,
  slots: readonly TFigureBaseSlotInput[],
  collectionId: string,
): Promise<void> {
  const products = await productsByIds(
    tx,
    slots.flatMap((slot) => slot.productId ?? []),
  );
  for (const slot of slots) {
    if (slot.productId === null) continue;
    const product = products.get(slot.productId);
    if (!product) throw new AppError('RELATED_ITEM_NOT_FOUND');
    if (product.collectionId !== collectionId) throw new AppError('FIGURE_BASE_SLOT_PRODUCT_ELSEWHERE');
  }
}

/**
 * Makes a base's slots the given list, in its order: slots with an id keep it (renamed, moved, or fitting something
 * else), slots without one are added, slots left out are removed. A slot someone's edition stands in may be renamed
 * or moved, but not removed or made to fit something else (that edition would stand where it does not fit):
 * FIGURE_BASE_SLOT_IN_USE. An edition equipped while this runs makes the removal's foreign key fail, answered the same.
 */
export async function replaceFigureBaseSlots(
  tx: Db,
  figureBaseId: string,
  slots: readonly TFigureBaseSlotInput[],
): Promise<void> {
  const existing = await tx.select().from(figureBaseSlots).where(eq(figureBaseSlots.figureBaseId, figureBaseId));
  const existingById = new Map(existing.map((slot) => [slot.id, slot]));
  const keptIds = new Set(slots.flatMap((slot) => slot.id ?? []));
  for (const id of keptIds) if (!existingById.has(id)) throw new AppError('FIGURE_BASE_SLOT_NOT_FOUND');

  const removedIds = existing.filter((slot) => !keptIds.has(slot.id)).map((slot) => slot.id);
  const refittedIds = slots
    .filter((slot) => {
      const before = slot.id ? existingById.get(slot.id) : undefined;
      return before && (before.productId !== slot.productId || before.rarity !== slot.rarity);
    })
    .map((slot) => slot.id!);
  const guarded = [...removedIds, ...refittedIds];
  if (guarded.length > 0) {
    const used = await tx
      .select({ slotId: figureBasePlacements.slotId })
      .from(figureBasePlacements)
      .where(inArray(figureBasePlacements.slotId, guarded))
      .limit(1);
    if (used.length > 0) throw new AppError('FIGURE_BASE_SLOT_IN_USE');
  }

  try {
    if (removedIds.length > 0) {
      await tx
        .delete(figureBaseSlots)
        .where(and(eq(figureBaseSlots.figureBaseId, figureBaseId), inArray(figureBaseSlots.id, removedIds)));
    }
  } catch (error) {
    if (isForeignKeyViolation(error)) throw new AppError('FIGURE_BASE_SLOT_IN_USE', { cause: error });
    throw error;
  }
  for (const [position, slot] of slots.entries()) {
    const values = { name: slot.name, position, productId: slot.productId, rarity: slot.rarity };
    if (slot.id) await tx.update(figureBaseSlots).set(values).where(eq(figureBaseSlots.id, slot.id));
    else await tx.insert(figureBaseSlots).values({ id: newId(), figureBaseId, ...values });
  }
}
