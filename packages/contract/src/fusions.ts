import { z } from 'zod';
import { ZBrandSummary, ZPublicationStatus, ZRarity } from './catalog.ts';
import { ZConsoleTime, ZImageUrl, ZName } from './catalog-requests.ts';
import { ZPageQuery, ZUuid } from './envelope.ts';
import { hasNoInvisibleCharacters, invisibleCharactersMessage } from './invisible-characters.ts';
import { ZEditionType } from './orders.ts';

/**
 * Fusion (spec sections 2, 4 and 7; issue 19): a collector burns editions that fit a fusion's slots and receives a new
 * edition of its result product, from a supply issued ahead like packs.
 */

export const fusionStatuses = ['UPCOMING', 'AVAILABLE', 'ENDED'] as const;
export const ZFusionStatus = z.enum(fusionStatuses);
export type TFusionStatus = (typeof fusionStatuses)[number];

/** Spec section 2's filter words for the statuses: coming up, available, ended. */
export const fusionStatusLabels: Record<TFusionStatus, string> = {
  UPCOMING: 'Coming up',
  AVAILABLE: 'Available',
  ENDED: 'Ended',
};

/** Where a fusion stands at `now`, from its schedule alone (spec section 4). All fused is said apart (`isAllFused`). */
export function fusionStatusAt(fusion: { beginAt: string | Date; endAt: string | Date }, now: Date): TFusionStatus {
  const time = now.getTime();
  if (time < new Date(fusion.beginAt).getTime()) return 'UPCOMING';
  return time < new Date(fusion.endAt).getTime() ? 'AVAILABLE' : 'ENDED';
}

export const MAX_FUSION_SLOTS = 6;
export const MAX_SLOT_MATERIALS = 10;
export const MAX_FUSION_SUPPLY = 10_000;

export const fusionRuleKinds = ['PRODUCT', 'RARITY', 'COLLECTION', 'TRAIT'] as const;
export type TFusionRuleKind = (typeof fusionRuleKinds)[number];

/**
 * A product or collection a slot names. `isPublic`: its page is shown to the public, so a collector missing editions
 * can follow the slot there; false for one the public does not see (unpublished since the fusion was), whose name is
 * then withheld too.
 */
const ZFusionRuleTarget = z.object({ id: ZUuid, name: z.string(), isPublic: z.boolean() });

/** What a slot asks for, as shown: a product, any edition of a rarity, of a collection, or with a trait value. */
export const ZFusionSlotRule = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('PRODUCT'), product: ZFusionRuleTarget }),
  z.object({ kind: z.literal('RARITY'), rarity: ZRarity }),
  z.object({ kind: z.literal('COLLECTION'), collection: ZFusionRuleTarget }),
  z.object({ kind: z.literal('TRAIT'), traitType: z.string(), value: z.string() }),
]);
export type TFusionSlotRule = z.infer<typeof ZFusionSlotRule>;

export const ZFusionSlot = z.object({
  id: ZUuid,
  /** 1, 2, 3… in the fusion's order. */
  position: z.number().int(),
  name: z.string(),
  /** How many editions the slot takes. */
  requiredCount: z.number().int(),
  rule: ZFusionSlotRule,
  /**
   * The signed-in caller's editions that fit and may be burned (not locked, equipped or listed), some of which may
   * fit other slots too; null for visitors.
   */
  fittingCount: z.number().int().nullable(),
});
export type TFusionSlot = z.infer<typeof ZFusionSlot>;

/** The product a fusion makes. */
const ZFusionResultProduct = z.object({
  id: ZUuid,
  name: z.string(),
  rarity: ZRarity,
  imageUrl: z.string(),
  imageThumbnailUrl: z.string(),
});

export const ZFusionResult = z.object({
  /**
   * Null outside the console while the catalogue does not show the product (unpublished, or its collection, since
   * the fusion was published): a collectible yet to be announced, never named or pictured.
   */
  product: ZFusionResultProduct.nullable(),
  supply: z.number().int(),
  /** Results not made yet; 0 is the all-items-fused state. */
  remaining: z.number().int(),
});
export type TFusionResult = z.infer<typeof ZFusionResult>;

/** A fusion in the list: `GET /v1/fusions`. */
export const ZFusionSummary = z.object({
  id: ZUuid,
  brand: ZBrandSummary,
  category: z.object({ id: ZUuid, name: z.string() }).nullable(),
  name: z.string(),
  imageUrl: z.string(),
  beginAt: z.iso.datetime(),
  endAt: z.iso.datetime(),
  status: ZFusionStatus,
  result: ZFusionResult,
  isAllFused: z.boolean(),
  slotCount: z.number().int(),
});
export type TFusionSummary = z.infer<typeof ZFusionSummary>;

/** `GET /v1/fusions/{id}`: what it makes, what it needs (with the caller's readiness per slot), supply left. */
export const ZFusion = ZFusionSummary.extend({
  description: z.string(),
  slots: z.array(ZFusionSlot),
  /**
   * Signed in: whether my free editions can fill every slot, one edition to a slot. Null for visitors. Only my
   * editions: it does not say the fusion can be used now, which `status`, the times and `isAllFused` say (a client
   * words "ready" only when both hold, as the status moves with the clock and this answer does not).
   */
  isReady: z.boolean().nullable(),
  /**
   * Signed in: how many more editions filling every slot takes (0 when ready). More than the slots' own shortfalls
   * when some editions fit several slots, as each fills only one. Null for visitors.
   */
  missingCount: z.number().int().nullable(),
});
export type TFusion = z.infer<typeof ZFusion>;

export const ZFusionListQuery = ZPageQuery.extend({
  brandId: ZUuid.optional(),
  categoryId: ZUuid.optional(),
  /** By the schedule, except that a fusion whose results are all made lists as ended, not available. */
  status: ZFusionStatus.optional(),
});
export type TFusionListQuery = z.infer<typeof ZFusionListQuery>;

/** Why an edition that fits a slot cannot be chosen: it is on a figure base, locked by its owner, or on offer. */
export const fusionProtections = ['EQUIPPED', 'LOCKED', 'LISTED'] as const;
export type TFusionProtection = (typeof fusionProtections)[number];

/** One of the caller's editions that fits a slot: `GET /v1/fusions/{id}/slots/{slotId}/materials`. */
export const ZFusionMaterial = z.object({
  editionId: ZUuid,
  serialNumber: z.number().int(),
  editionSize: z.number().int().nullable(),
  product: z.object({
    id: ZUuid,
    name: z.string(),
    rarity: ZRarity,
    imageThumbnailUrl: z.string(),
  }),
  /**
   * The picture that shows this edition (spec section 9, editionImageUrl): a GENERATIVE edition's own artwork, else the
   * product's thumbnail, as in My Collection, so the one chosen to burn is the one the person knows.
   */
  imageUrl: z.string(),
  /** null: selectable; else why it is protected (shown, not selectable). */
  protection: z.enum(fusionProtections).nullable(),
});
export type TFusionMaterial = z.infer<typeof ZFusionMaterial>;

export const ZFusionMaterialQuery = ZPageQuery.extend({ size: ZPageQuery.shape.size.default(100) });

/** `POST /v1/fusions/{id}/fuse` (with an Idempotency-Key): the editions chosen for every slot. */
export const ZFuseRequest = z.strictObject({
  slots: z
    .array(z.strictObject({ slotId: ZUuid, editionIds: z.array(ZUuid).min(1).max(MAX_SLOT_MATERIALS) }))
    .min(1)
    .max(MAX_FUSION_SLOTS),
});
export type TFuseRequest = z.infer<typeof ZFuseRequest>;

/** What a fusion made: the new edition, and the editions burned for it. */
export const ZFusionRun = z.object({
  id: ZUuid,
  fusionId: ZUuid,
  status: z.literal('SUCCESSFUL'),
  edition: z.object({
    id: ZUuid,
    serialNumber: z.number().int(),
    editionSize: z.number().int().nullable(),
    /** GENERATIVE: minted with its own artwork, which the reveal shows in place of the product's (editionArtworkUrl). */
    type: ZEditionType,
    resourceUri: z.string().nullable(),
    contractAddress: z.string(),
    tokenId: z.string(),
    product: ZFusionResultProduct,
  }),
  burned: z.array(z.object({ editionId: ZUuid, serialNumber: z.number().int(), productName: z.string() })),
  createdAt: z.iso.datetime(),
});
export type TFusionRun = z.infer<typeof ZFusionRun>;

// The console.

export const fusionMessages = {
  times: 'A fusion must begin before it ends.',
  supply: `Make from 1 to ${MAX_FUSION_SUPPLY.toLocaleString('en-US')} results.`,
  slots: `A fusion has from 1 to ${MAX_FUSION_SLOTS} slots.`,
  requiredCount: `A slot takes from 1 to ${MAX_SLOT_MATERIALS} editions.`,
  slotName: 'Name the slot in 1 to 60 characters.',
  trait: 'Enter the trait and its value.',
  startedIsFinal: 'A fusion that has begun can no longer be changed.',
  resultIsFinal: 'A fusion’s result and supply are fixed once it is published: make a new fusion to change them.',
  brandIsFinal: 'A fusion stays with the brand it was made for: make a new fusion for another brand.',
  ownResult: 'A fusion cannot take its own result: choose another product for this slot.',
} as const;

/** A slot's rule as the console sends it. */
export const ZFusionSlotRuleRequest = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('PRODUCT'), productId: ZUuid }),
  z.strictObject({ kind: z.literal('RARITY'), rarity: ZRarity }),
  z.strictObject({ kind: z.literal('COLLECTION'), collectionId: ZUuid }),
  z.strictObject({
    kind: z.literal('TRAIT'),
    traitType: z.string().trim().min(1, { error: fusionMessages.trait }).max(60),
    value: z.string().trim().min(1, { error: fusionMessages.trait }).max(120),
  }),
]);
export type TFusionSlotRuleRequest = z.infer<typeof ZFusionSlotRuleRequest>;

/**
 * `POST /v1/console/fusions` (a draft) and `PUT /v1/console/fusions/{id}`: the whole fusion. A draft changes freely but
 * for its brand; a published one only before it begins, and not its result or supply (minted when it was published).
 */
export const ZConsoleFusionRequest = z
  .strictObject({
    brandId: ZUuid,
    categoryId: ZUuid.nullable(),
    name: ZName,
    description: z.string().trim().max(2000).default(''),
    imageUrl: ZImageUrl,
    beginAt: ZConsoleTime,
    endAt: ZConsoleTime,
    resultProductId: ZUuid,
    resultSupply: z
      .number({ error: fusionMessages.supply })
      .int({ error: fusionMessages.supply })
      .min(1, { error: fusionMessages.supply })
      .max(MAX_FUSION_SUPPLY, { error: fusionMessages.supply }),
    slots: z
      .array(
        z.strictObject({
          name: z
            .string()
            .trim()
            .min(1, { error: fusionMessages.slotName })
            .max(60, { error: fusionMessages.slotName })
            .refine(hasNoInvisibleCharacters, { error: invisibleCharactersMessage }),
          requiredCount: z
            .number({ error: fusionMessages.requiredCount })
            .int({ error: fusionMessages.requiredCount })
            .min(1, { error: fusionMessages.requiredCount })
            .max(MAX_SLOT_MATERIALS, { error: fusionMessages.requiredCount }),
          rule: ZFusionSlotRuleRequest,
        }),
      )
      .min(1, { error: fusionMessages.slots })
      .max(MAX_FUSION_SLOTS, { error: fusionMessages.slots }),
  })
  .superRefine((fusion, context) => {
    if (Date.parse(fusion.beginAt) >= Date.parse(fusion.endAt)) {
      context.addIssue({ code: 'custom', path: ['endAt'], message: fusionMessages.times });
    }
    // Editions burned to make new editions of the same product: a collector would only lose editions, and a result
    // could be fused again into itself. A rarity, collection or trait slot may cover the result too; the API never
    // takes the result's editions for any slot (apps/api fusion-rules.ts, editionMatchesOf).
    fusion.slots.forEach((slot, index) => {
      if (slot.rule.kind === 'PRODUCT' && slot.rule.productId === fusion.resultProductId) {
        context.addIssue({
          code: 'custom',
          path: ['slots', index, 'rule', 'productId'],
          message: fusionMessages.ownResult,
        });
      }
    });
  });
export type TConsoleFusionRequest = z.infer<typeof ZConsoleFusionRequest>;

export const ZConsoleFusionListQuery = ZPageQuery.extend({ brandId: ZUuid.optional() });

/** A fusion in the console: the public view, plus how many were made and whether collectors see it. */
export const ZConsoleFusion = ZFusion.omit({ isReady: true, missingCount: true }).extend({
  /** The console always sees the result product, published or not. */
  result: ZFusionResult.extend({ product: ZFusionResultProduct }),
  /** A draft is the console's alone (decision record 50); publishing mints its results. */
  publicationStatus: ZPublicationStatus,
  publishedAt: z.iso.datetime().nullable(),
  madeCount: z.number().int(),
  /** The version an edit is made from (If-Match): any change moves it. */
  updatedAt: z.iso.datetime(),
});
export type TConsoleFusion = z.infer<typeof ZConsoleFusion>;

/** `POST /v1/console/fusions/preview`: for each slot's rule, how many editions in collections fit, and a few of them. */
export const ZFusionPreviewRequest = z.strictObject({
  brandId: ZUuid,
  slots: z
    .array(z.strictObject({ rule: ZFusionSlotRuleRequest }))
    .min(1)
    .max(MAX_FUSION_SLOTS),
});
export type TFusionPreviewRequest = z.infer<typeof ZFusionPreviewRequest>;
export const ZFusionPreview = z.object({
  slots: z.array(
    z.object({
      fittingCount: z.number().int(),
      holderCount: z.number().int(),
      examples: z.array(z.object({ editionId: ZUuid, productName: z.string(), serialNumber: z.number().int() })),
    }),
  ),
});
export type TFusionPreview = z.infer<typeof ZFusionPreview>;
