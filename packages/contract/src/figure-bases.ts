import { z } from 'zod';
import { catalogMessages, ZBrandSummary, ZRarity } from './catalog.ts';
import { rarityLabel, type TRarity } from './catalog-vocabulary.ts';
import { ZName, ZOptionalImageUrl, ZOptionalText } from './catalog-requests.ts';
import { ZPageQuery, ZUuid } from './envelope.ts';
import { hasNoInvisibleCharacters, invisibleCharactersMessage } from './invisible-characters.ts';
import { ZEdition } from './editions.ts';

/**
 * Figure bases (spec sections 3 and 7, issue 17): a display base of one collection with named slots, on which each
 * collector places editions of that collection from their own collection. The base and its slots are the brand's
 * (made in the console); what stands on them is each collector's own.
 */

export const FIGURE_BASE_MAX_SLOTS = 24;

export const figureBaseMessages = {
  slots: `Give 1 to ${FIGURE_BASE_MAX_SLOTS} slots, each with a name.`,
  slotName: 'Name the slot in 1 to 60 characters.',
  slotNamesDiffer: 'Give each slot its own name.',
  slotsOnce: 'List each slot once.',
} as const;

/**
 * Why the console's slot could never be filled, under the slot's field and naming it (the API's `details` for
 * RELATED_ITEM_NOT_FOUND, FIGURE_BASE_SLOT_PRODUCT_ELSEWHERE and FIGURE_BASE_SLOT_CANNOT_BE_FILLED); under the
 * product's field, why a product change would leave one so, naming the slot and its base and the way out
 * (FIGURE_BASE_SLOT_ASKS_FOR_PRODUCT); and which slot collectors stand in (FIGURE_BASE_SLOT_IN_USE): under the field
 * changed of a slot made to fit something else, under the list for a removed one, no longer in the form.
 */
export const figureBaseSlotMessages = {
  productMissing: (slotName: string) =>
    `Nothing could ever stand in “${slotName}”: the product it asks for does not exist.`,
  productElsewhere: (slotName: string) =>
    `Nothing could ever stand in “${slotName}”: the product it asks for is not in this figure base's collection.`,
  rarityOfAnother: (slotName: string, product: { name: string; rarity: TRarity }, rarity: TRarity) =>
    `Nothing could ever stand in “${slotName}”: every ${product.name} is ${rarityLabel(product.rarity)}, ` +
    `and the slot asks for ${rarityLabel(rarity)}.`,
  productRarityAskedFor: (slot: { name: string; figureBaseName: string; rarity: TRarity }) =>
    `Nothing could ever stand in “${slot.name}” on the figure base “${slot.figureBaseName}”: it asks for this ` +
    `product as ${rarityLabel(slot.rarity)}. Let that slot take any rarity first.`,
  productCollectionAskedFor: (slot: { name: string; figureBaseName: string }) =>
    `Nothing could ever stand in “${slot.name}” on the figure base “${slot.figureBaseName}”: it asks for this ` +
    'product, and a figure base shows only its own collection. Let that slot ask for another product first.',
  inUseRefitted: (slotName: string) =>
    `Collectors have editions standing in “${slotName}”, so it cannot be made to fit something else.`,
  inUseRemoved: (slotName: string) => `Collectors have editions standing in “${slotName}”, so it cannot be removed.`,
};

/**
 * What fits a slot: any edition of the base's collection, narrowed to one product and/or one rarity. Both null:
 * anything from the collection.
 */
export const ZFigureBaseSlotFit = z.object({
  productId: ZUuid.nullable(),
  rarity: ZRarity.nullable(),
});
export type TFigureBaseSlotFit = z.infer<typeof ZFigureBaseSlotFit>;

export const ZFigureBaseSlot = ZFigureBaseSlotFit.extend({
  id: ZUuid,
  name: z.string(),
  /**
   * The product the slot asks for, by name, when it asks for one; null outside the console while the catalogue does
   * not show that product (a draft), though productId names it.
   */
  product: z.object({ id: ZUuid, name: z.string(), imageThumbnailUrl: z.string() }).nullable(),
});
export type TFigureBaseSlot = z.infer<typeof ZFigureBaseSlot>;

/** A figure base as the console and the list show it. */
export const ZFigureBase = z.object({
  id: ZUuid,
  name: z.string(),
  description: z.string().nullable(),
  imageUrl: z.string().nullable(),
  brand: ZBrandSummary,
  collection: z.object({ id: ZUuid, name: z.string() }),
  slots: z.array(ZFigureBaseSlot),
  /** How many slots the caller has filled (0 when signed out). */
  equippedCount: z.number().int(),
  /** Which slots the caller has filled (none when signed out): a slot an edition fits may be taken already. */
  filledSlotIds: z.array(ZUuid),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TFigureBase = z.infer<typeof ZFigureBase>;

/**
 * GET /v1/figure-base-collections/{id}: the base, what stands in each slot for the caller, and the caller's editions
 * of the collection that fit a slot (with the slots each fits), to choose from. Signed out, both are empty.
 */
export const ZFigureBaseDetail = ZFigureBase.extend({
  placements: z.array(z.object({ slotId: ZUuid, edition: ZEdition })),
  candidates: z.array(z.object({ edition: ZEdition, slotIds: z.array(ZUuid) })),
});
export type TFigureBaseDetail = z.infer<typeof ZFigureBaseDetail>;

export const ZFigureBaseListQuery = ZPageQuery.extend({
  brandId: ZUuid.optional(),
  collectionId: ZUuid.optional(),
});
export type TFigureBaseListQuery = z.infer<typeof ZFigureBaseListQuery>;

/** POST /v1/figure-base-collections/{id}/equip: put my edition into a slot of the base. */
export const ZEquipRequest = z.strictObject({ editionId: ZUuid, slotId: ZUuid });
export type TEquipRequest = z.infer<typeof ZEquipRequest>;

/** POST /v1/figure-base-collections/{id}/unequip: take my edition off the base. */
export const ZUnequipRequest = z.strictObject({ editionId: ZUuid });
export type TUnequipRequest = z.infer<typeof ZUnequipRequest>;

// ----------------------------------------------------------------------------------------------------- console

/** A slot as the console sends it: with `id` an existing slot (renamed, or its fit changed), without one a new slot. */
export const ZFigureBaseSlotInput = z.strictObject({
  ...ZFigureBaseSlotFit.shape,
  id: ZUuid.optional(),
  name: z
    .string({ error: figureBaseMessages.slotName })
    .trim()
    .min(1, { error: figureBaseMessages.slotName })
    .max(60, { error: figureBaseMessages.slotName })
    .refine(hasNoInvisibleCharacters, { error: invisibleCharactersMessage }),
});
export type TFigureBaseSlotInput = z.infer<typeof ZFigureBaseSlotInput>;

const ZSlotInputs = z
  .array(ZFigureBaseSlotInput, { error: figureBaseMessages.slots })
  .min(1, { error: figureBaseMessages.slots })
  .max(FIGURE_BASE_MAX_SLOTS, { error: figureBaseMessages.slots })
  .refine((slots) => new Set(slots.map((slot) => slot.name.toLowerCase())).size === slots.length, {
    error: figureBaseMessages.slotNamesDiffer,
  })
  // A saved slot named twice would be written as one of the two, without a word.
  .refine(
    (slots) => {
      const ids = slots.flatMap((slot) => (slot.id ? [slot.id] : []));
      return new Set(ids).size === ids.length;
    },
    { error: figureBaseMessages.slotsOnce },
  );

const figureBaseFields = {
  name: ZName,
  description: ZOptionalText(2000),
  imageUrl: ZOptionalImageUrl,
  /** The whole list, in display order: slots left out are removed (refused while something stands in them). */
  slots: ZSlotInputs,
};

export const ZCreateFigureBaseRequest = z.strictObject({
  collectionId: ZUuid,
  name: figureBaseFields.name,
  description: figureBaseFields.description.default(null),
  imageUrl: figureBaseFields.imageUrl.default(null),
  slots: figureBaseFields.slots,
});
export type TCreateFigureBaseRequest = z.infer<typeof ZCreateFigureBaseRequest>;

/** The collection is fixed once created: collectors' editions stand on the base by it. */
export const ZUpdateFigureBaseRequest = z
  .strictObject(figureBaseFields)
  .partial()
  .refine((value) => Object.keys(value).length > 0, { error: catalogMessages.emptyUpdate });
export type TUpdateFigureBaseRequest = z.infer<typeof ZUpdateFigureBaseRequest>;

export const ZConsoleFigureBaseListQuery = ZFigureBaseListQuery.extend({ q: z.string().trim().max(120).optional() });
export type TConsoleFigureBaseListQuery = z.infer<typeof ZConsoleFigureBaseListQuery>;

/** "Any Pixel Knights collectible", "Legendary only", "Pixel Knight", "Pixel Knight, Legendary": what a slot takes. */
export function slotFitText(slot: TFigureBaseSlot, collectionName: string): string {
  const rarity = slot.rarity ? rarityLabel(slot.rarity) : null;
  if (slot.product) return rarity ? `${slot.product.name}, ${rarity}` : slot.product.name;
  // It asks for a product the public does not see yet: what it is stays untold, not "any".
  if (slot.productId)
    return rarity ? `A collectible yet to be announced, ${rarity}` : 'A collectible yet to be announced';
  return rarity ? `${rarity} only` : `Any ${collectionName} collectible`;
}
