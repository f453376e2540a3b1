import { z } from 'zod';
import { ZClaimLogHead } from './claim-log.ts';
import { ZBrandSummary, ZRarity } from './catalog.ts';
import { ZDropReminder } from './drop-reminders.ts';
import { dropStatuses } from './drop-rules.ts';
import { ZMoney, ZPageQuery, ZQueryNumber, ZUuid } from './envelope.ts';

/** Drops and their sale rounds (spec sections 2, 3 and 4): the shapes the API answers; the rules are in drop-rules.ts. */

export const ZDropStatus = z.enum(dropStatuses);

export const ZWhitelist = z.object({
  id: ZUuid,
  name: z.string(),
  /** A list of people by email (holders of a pass will be a second kind once passes exist). */
  kind: z.enum(['LIST']),
  size: z.number().int(),
});
export type TWhitelist = z.infer<typeof ZWhitelist>;

/**
 * Guaranteed packs for holders of a pass in a round open to everyone (decision record 29): `packCount` packs (the
 * pass's supply times `packsPerHolder`) are held back for holders until `endsAt`, each holder buying up to
 * `packsPerHolder` of them; then what is left goes on sale to everyone.
 */
export const ZPassGuarantee = z.object({
  pass: z.object({ id: ZUuid, name: z.string() }),
  packsPerHolder: z.number().int(),
  packCount: z.number().int(),
  /** As set in the console; `endsAt` is the opening plus these, or the round's end if that comes first. */
  minutes: z.number().int(),
  endsAt: z.iso.datetime(),
});
export type TPassGuarantee = z.infer<typeof ZPassGuarantee>;

/** Spec section 3's sale policy: one round of a drop. */
export const ZSalePolicy = z.object({
  id: ZUuid,
  round: z.number().int(),
  saleBeginAt: z.iso.datetime(),
  saleEndAt: z.iso.datetime(),
  /** Per pack, in USD; the price in CYP beside it. */
  price: ZMoney,
  priceCyp: ZMoney,
  /** Packs one person may buy in this round; null when unlimited. */
  perPersonLimit: z.number().int().nullable(),
  beginIssuedPackNumber: z.number().int(),
  endIssuedPackNumber: z.number().int(),
  soldCount: z.number().int(),
  /** Empty when the round is open to everyone. */
  whitelists: z.array(ZWhitelist),
  /** Holders only (issue 18): the pass a buyer must hold, valid at the time, to buy in this round; null for everyone. */
  requiredPass: z.object({ id: ZUuid, name: z.string() }).nullable(),
  /** Packs held back for holders of a pass for a while, in a round open to everyone; null for none. */
  passGuarantee: ZPassGuarantee.nullable(),
  /**
   * Of the round's packs left, its first numbers, held back for its pass holders (decision record 29): until
   * `passGuarantee.endsAt` only holders may buy them, so anyone else may buy the others only. Counted whatever the
   * time: once the hold ends, it says nothing (every pack left is anyone's). 0 for a round without a guarantee.
   */
  heldBackLeftCount: z.number().int(),
  /** A raffle round (issue 18): its winners buy (`GET /v1/raffles/{id}` says how to enter and who won). */
  isRaffle: z.boolean(),
});
export type TSalePolicy = z.infer<typeof ZSalePolicy>;

/**
 * A drop's gift round (decision record 36): packs set aside for giveaways (redeem codes, attendance rewards, airdrops),
 * written at publication with the sale's packs (the same shuffle, under the same commitment), never on sale. It is not
 * one of `salePolicies`, spec section 4's rounds: the drop's counts, its sold-out state and its current round are the
 * sale's alone. Its packs are numbered after the sale rounds' (`beginIssuedPackNumber`..`endIssuedPackNumber`).
 */
export const ZGiftRound = z.object({
  id: ZUuid,
  /** Numbered after the sale rounds; a gift pack and its order name it. */
  round: z.number().int(),
  packCount: z.number().int(),
  beginIssuedPackNumber: z.number().int(),
  endIssuedPackNumber: z.number().int(),
  /** Packs given so far (each once, to one person, through a gift order). */
  givenCount: z.number().int(),
});
export type TGiftRound = z.infer<typeof ZGiftRound>;

/** One product of a drop's packs, with how many of its editions the drop holds. */
export const ZDropContent = z.object({
  product: z.object({
    id: ZUuid,
    name: z.string(),
    rarity: ZRarity,
    imageThumbnailUrl: z.string(),
    editionSize: z.number().int().nullable(),
  }),
  editionCount: z.number().int(),
});
export type TDropContent = z.infer<typeof ZDropContent>;

/** What the signed-in caller may do in the current round (absent for visitors). */
export const ZDropViewer = z.object({
  /** null when the current (or next) round is open to everyone. */
  isWhitelisted: z.boolean().nullable(),
  /** Whether the caller holds a valid pass the current (or next) round requires; null when it requires none. */
  holdsRequiredPass: z.boolean().nullable(),
  /**
   * The current (or next) round's guarantee for pass holders while it lasts, as it stands for the caller: whether they
   * hold the pass and how many of its held-back packs they may still buy; null when the round has none (or it ended).
   */
  passGuarantee: z.object({ holdsPass: z.boolean(), packsLeft: z.number().int() }).nullable(),
  /** Packs the caller may still buy in the current (or next) round; null when unlimited. */
  remaining: z.number().int().nullable(),
  /** Packs the caller bought or holds in this drop: paid ones and `heldCount` together (what counts against limits). */
  purchasedCount: z.number().int(),
  /** Of `purchasedCount`, the packs only held for the caller's orders still waiting for payment (a card, Tilia). */
  heldCount: z.number().int(),
  /** The newest of those orders (its status page: purchaseStatusPath); null when none waits for payment. */
  heldOrderId: z.string().nullable(),
  /** Of the current round only, the newest order waiting for payment (a raffle's panel speaks of its round); or null. */
  heldInRoundOrderId: z.string().nullable(),
  /** "Remind me": the round the caller's reminder is (or would be) for; null when no round is left to remind of. */
  reminder: ZDropReminder.nullable(),
});
export type TDropViewer = z.infer<typeof ZDropViewer>;

export const ZDrop = z.object({
  id: ZUuid,
  brand: ZBrandSummary,
  name: z.string(),
  description: z.string().nullable(),
  imageUrl: z.string(),
  visibleAt: z.iso.datetime(),
  dropBeginAt: z.iso.datetime(),
  dropEndAt: z.iso.datetime(),
  /** At the time of the answer; clients recompute it with dropStatusAt as time passes. */
  status: ZDropStatus,
  salePolicies: z.array(ZSalePolicy),
  counts: z.object({
    dropCount: z.number().int(),
    soldCount: z.number().int(),
    roundCount: z.number().int(),
    whitelistCount: z.number().int(),
  }),
  isSoldOut: z.boolean(),
  /** Packs set aside for giveaways and how many were given ("120 packs set aside for giveaways; 37 given"), or null. */
  giftRound: ZGiftRound.nullable(),
  /** Every edition in the drop (the gift round's packs' too), and how many each pack is guaranteed to hold. */
  editions: z.object({ total: z.number().int(), guaranteedPerPack: z.number().int() }),
  contents: z.array(ZDropContent),
  /** The provenance commitment fixed at publication (SHA-256, hex). */
  commitment: z.string().nullable(),
  viewer: ZDropViewer.nullable(),
});
export type TDrop = z.infer<typeof ZDrop>;

/**
 * A round of a drop by its number, as the drop page shows it: the waiting room's and the raffle's paths. Bounded well
 * past any drop's rounds, so a number PostgreSQL's integer cannot hold is refused here, not by the database.
 */
export const ZDropRoundParams = z.object({
  dropId: ZUuid,
  round: ZQueryNumber(z.coerce.number().int().min(1).max(10_000)),
});

/** `GET /v1/drops?status=NEXT|AVAILABLE|COMPLETED`: NONE drops are never listed. */
export const ZDropsQuery = ZPageQuery.extend({
  status: z.enum(['NEXT', 'AVAILABLE', 'COMPLETED']).optional(),
  brandId: ZUuid.optional(),
});
export type TDropsQuery = z.infer<typeof ZDropsQuery>;

/** `GET /v1/drops/{id}/provenance`: the seed and the pack contents appear once the drop is COMPLETED. */
export const ZDropProvenance = z.object({
  dropId: ZUuid,
  algorithm: z.literal('sha256-v1'),
  commitment: z.string(),
  editionsPerPack: z.number().int(),
  /** True from the reveal on: after dropEndAt, once no order of the drop waits for its payment. */
  isRevealed: z.boolean(),
  /** The claim log's sealed head (claim-log.ts): public while the drop sells, so buyers can note it. */
  claimLogHead: ZClaimLogHead,
  seed: z.string().nullable(),
  packs: z
    .array(
      z.object({
        number: z.number().int(),
        items: z.array(z.object({ productId: ZUuid, serialNumber: z.number().int() })),
      }),
    )
    .nullable(),
});
export type TDropProvenance = z.infer<typeof ZDropProvenance>;
