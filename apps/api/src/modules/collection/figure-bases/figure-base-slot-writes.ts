import { and, asc, eq, inArray } from 'drizzle-orm';
import {
  figureBaseSlotMessages,
  type TErrorCode,
  type TFieldError,
  type TFigureBaseSlotInput,
  type TRarity,
} from '@cypher/contract';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../http/app-error.ts';
import { newId } from '../../../lib/ids.ts';
import { productsByIds } from '../../catalog/products-by-ids.ts';
import { figureBasePlacements, figureBases, figureBaseSlots } from '../collection.tables.ts';

/*
 * Writes: figure_base_slots · Reads: figure_base_placements, figure_bases, products (through the catalogue's
 * productsByIds) · Route: POST and PATCH /v1/console/figure-bases (create-figure-base.ts, update-figure-base.ts), and
 * PATCH /v1/console/products/{id} (catalog's update-product.ts) for a product's side of the same rule · Tests:
 * figure-bases-console.test.ts.
 */

/**
 * Refuses slots nothing could ever stand in, each named under its field: a product that does not exist
 * (RELATED_ITEM_NOT_FOUND), one of another collection (FIGURE_BASE_SLOT_PRODUCT_ELSEWHERE; another brand's always is),
 * or a product with a rarity other than the slot's (FIGURE_BASE_SLOT_CANNOT_BE_FILLED: every edition has its
 * product's rarity). The answer's code is the first such slot's; its details name every one. A rarity asked for
 * without a product stays allowed though no product of the collection has it yet: one may be added to it later.
 */
export async function assertSlotsCanBeFilled(
  tx: Db,
  slots: readonly TFigureBaseSlotInput[],
  collectionId: string,
): Promise<void> {
  // Locked (FOR NO KEY UPDATE, against the product edit's FOR UPDATE), so a product's rarity or collection cannot
  // change between this read and the slot's commit: one of the two waits, then sees the other.
  const products = await productsByIds(
    tx,
    slots.flatMap((slot) => slot.productId ?? []),
    { lock: true },
  );
  const refusals: { code: TErrorCode; detail: TFieldError }[] = [];
  for (const [index, slot] of slots.entries()) {
    if (slot.productId === null) continue;
    const product = products.get(slot.productId);
    const field = `slots.${index}.productId`;
    if (!product) {
      refusals.push({
        code: 'RELATED_ITEM_NOT_FOUND',
        detail: { field, message: figureBaseSlotMessages.productMissing(slot.name) },
      });
    } else if (product.collectionId !== collectionId) {
      refusals.push({
        code: 'FIGURE_BASE_SLOT_PRODUCT_ELSEWHERE',
        detail: { field, message: figureBaseSlotMessages.productElsewhere(slot.name) },
      });
    } else if (slot.rarity !== null && slot.rarity !== product.rarity) {
      refusals.push({
        code: 'FIGURE_BASE_SLOT_CANNOT_BE_FILLED',
        detail: {
          field: `slots.${index}.rarity`,
          message: figureBaseSlotMessages.rarityOfAnother(slot.name, product, slot.rarity),
        },
      });
    }
  }
  if (refusals.length > 0) {
    throw new AppError(refusals[0]!.code, { details: refusals.map((refusal) => refusal.detail) });
  }
}

/**
 * The same rule from the product's side: a change to a product's rarity or collection that would leave a slot asking
 * for it with nothing that could ever stand there (every edition has its product's rarity and collection, and a base
 * shows only its own collection) is refused as FIGURE_BASE_SLOT_ASKS_FOR_PRODUCT, each such slot named with its base
 * under the product's field that breaks it, where the change went through and the slot was left unfillable without a
 * word. The operator loosens the slot first. Called under the product's lock (update-product.ts).
 */
export async function assertProductChangeLeavesSlotsFillable(
  tx: Db,
  productId: string,
  after: { rarity: TRarity; collectionId: string | null },
): Promise<void> {
  const slots = await tx
    .select({
      name: figureBaseSlots.name,
      rarity: figureBaseSlots.rarity,
      figureBaseName: figureBases.name,
      collectionId: figureBases.collectionId,
    })
    .from(figureBaseSlots)
    .innerJoin(figureBases, eq(figureBases.id, figureBaseSlots.figureBaseId))
    .where(eq(figureBaseSlots.productId, productId))
    .orderBy(asc(figureBases.name), asc(figureBaseSlots.position));
  const details: TFieldError[] = [];
  for (const slot of slots) {
    if (slot.collectionId !== after.collectionId) {
      details.push({ field: 'collectionId', message: figureBaseSlotMessages.productCollectionAskedFor(slot) });
    } else if (slot.rarity !== null && slot.rarity !== after.rarity) {
      const message = figureBaseSlotMessages.productRarityAskedFor({ ...slot, rarity: slot.rarity });
      details.push({ field: 'rarity', message });
    }
  }
  if (details.length > 0) throw new AppError('FIGURE_BASE_SLOT_ASKS_FOR_PRODUCT', { details });
}

/**
 * Makes a base's slots the given list, in its order: slots with an id keep it (renamed, moved, or fitting something
 * else), slots without one are added, slots left out are removed. A slot someone's edition stands in may be renamed
 * or moved, but not removed or made to fit something else (that edition would stand where it does not fit):
 * FIGURE_BASE_SLOT_IN_USE, its details naming each such slot. Called under the base's row lock
 * (update-figure-base.ts), which an equip holds FOR KEY SHARE while it places (equip-edition.ts): the check below sees
 * every placement made before, and none can be made after.
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

  const removed = existing
    .filter((slot) => !keptIds.has(slot.id))
    .sort((first, second) => first.position - second.position);
  const removedIds = removed.map((slot) => slot.id);
  // A refitted slot's refusal goes under the field the operator changed, so the form marks that slot.
  const refitted = slots.flatMap((slot, index) => {
    const before = slot.id ? existingById.get(slot.id) : undefined;
    if (!before) return [];
    if (before.productId !== slot.productId)
      return [{ id: before.id, name: slot.name, field: `slots.${index}.productId` }];
    if (before.rarity !== slot.rarity) return [{ id: before.id, name: slot.name, field: `slots.${index}.rarity` }];
    return [];
  });
  const guarded = [...removedIds, ...refitted.map((slot) => slot.id)];
  if (guarded.length > 0) {
    const placed = await tx
      .selectDistinct({ slotId: figureBasePlacements.slotId })
      .from(figureBasePlacements)
      .where(inArray(figureBasePlacements.slotId, guarded));
    const usedIds = new Set(placed.map((placement) => placement.slotId));
    // A removed slot is no longer in the form: its refusal names it, under the list.
    const details: TFieldError[] = [
      ...refitted
        .filter((slot) => usedIds.has(slot.id))
        .map((slot) => ({ field: slot.field, message: figureBaseSlotMessages.inUseRefitted(slot.name) })),
      ...removed
        .filter((slot) => usedIds.has(slot.id))
        .map((slot) => ({ field: 'slots', message: figureBaseSlotMessages.inUseRemoved(slot.name) })),
    ];
    if (details.length > 0) throw new AppError('FIGURE_BASE_SLOT_IN_USE', { details });
  }

  if (removedIds.length > 0) {
    await tx
      .delete(figureBaseSlots)
      .where(and(eq(figureBaseSlots.figureBaseId, figureBaseId), inArray(figureBaseSlots.id, removedIds)));
  }
  for (const [position, slot] of slots.entries()) {
    const values = { name: slot.name, position, productId: slot.productId, rarity: slot.rarity };
    if (slot.id) await tx.update(figureBaseSlots).set(values).where(eq(figureBaseSlots.id, slot.id));
    else await tx.insert(figureBaseSlots).values({ id: newId(), figureBaseId, ...values });
  }
}
