import { z } from 'zod';
import { ZBrandSummary, ZRarity } from './catalog.ts';
import { ZMoney, ZPageQuery, ZUuid } from './envelope.ts';
import { ZTicketGrantCount, ZTicketKindSummary } from './tickets.ts';

/**
 * What the marketplace gives away (issue 20): one notion of a grant shared by attendance rewards, redeem codes and
 * airdrops, so each of them gives exactly the same things in exactly the same way. A grant is
 * - CREDIT: CYP credit through the ledger, in the balance's non-withdrawable part (spendable, never withdrawable);
 * - TICKETS: a number of tickets of a kind;
 * - PASS: one unit of a pass's supply (never more than the supply);
 * - EDITION: one edition from an edition pool, a product's editions minted ahead in a set number (never more);
 * - PACK: one sealed pack of a drop's gift round (decision record 36), packs written at publication with the sale's and
 *   never on sale, owned through a GIFT order of its own and logged in the drop's claim log like a purchase's.
 * Every time a grant reaches a person it is one delivery: a notification tells them, and the ledger, the ticket
 * movements, the edition's history or the gift order keeps the trail.
 */
export const grantKinds = ['CREDIT', 'TICKETS', 'PASS', 'EDITION', 'PACK'] as const;
export type TGrantKind = (typeof grantKinds)[number];

/** CYP minor units one grant may credit: a ceiling against a slipped finger, far above any real reward. */
export const MAX_CREDIT_GRANT = 1_000_000_000;
/** Editions one pool may hold (each is minted when the pool is made, as a fusion's results are). */
export const MAX_EDITION_POOL_SIZE = 10_000;

export const grantMessages = {
  creditAmount: `Enter the credit in CYP minor units, from 1 to ${MAX_CREDIT_GRANT.toLocaleString('en-US')}.`,
  poolSize: `An edition pool holds from 1 to ${MAX_EDITION_POOL_SIZE.toLocaleString('en-US')} editions.`,
} as const;

const ZCreditAmount = z
  .number({ error: grantMessages.creditAmount })
  .int({ error: grantMessages.creditAmount })
  .min(1, { error: grantMessages.creditAmount })
  .max(MAX_CREDIT_GRANT, { error: grantMessages.creditAmount });

/** A grant as the console sends it (in a calendar, a batch of codes, an airdrop). */
export const ZGrantRequest = z.discriminatedUnion('kind', [
  /** `amount` in CYP minor units. */
  z.strictObject({ kind: z.literal('CREDIT'), amount: ZCreditAmount }),
  z.strictObject({ kind: z.literal('TICKETS'), ticketKindId: ZUuid, count: ZTicketGrantCount }),
  z.strictObject({ kind: z.literal('PASS'), passId: ZUuid }),
  z.strictObject({ kind: z.literal('EDITION'), editionPoolId: ZUuid }),
  /** A pack of the drop's gift round: `giftRoundId` is the round's id (GRANT_ITEM_NOT_FOUND unless it is `dropId`'s). */
  z.strictObject({ kind: z.literal('PACK'), dropId: ZUuid, giftRoundId: ZUuid }),
]);
export type TGrantRequest = z.infer<typeof ZGrantRequest>;

const ZGrantProduct = z.object({
  id: ZUuid,
  name: z.string(),
  rarity: ZRarity,
  imageThumbnailUrl: z.string(),
});

/** A grant as shown: what it gives, named, with `description` in words ("5.00 CYP", "3 Drop tickets"). */
export const ZGrant = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('CREDIT'), description: z.string(), credit: ZMoney }),
  z.object({
    kind: z.literal('TICKETS'),
    description: z.string(),
    ticketKind: ZTicketKindSummary,
    count: z.number().int(),
  }),
  z.object({
    kind: z.literal('PASS'),
    description: z.string(),
    pass: z.object({ id: ZUuid, name: z.string(), imageUrl: z.string() }),
  }),
  z.object({
    kind: z.literal('EDITION'),
    description: z.string(),
    editionPool: z.object({ id: ZUuid, product: ZGrantProduct }),
  }),
  /** `description`: "a pack of Neon Tides". */
  z.object({
    kind: z.literal('PACK'),
    description: z.string(),
    drop: z.object({ id: ZUuid, name: z.string(), imageUrl: z.string(), editionsPerPack: z.number().int() }),
    giftRound: z.object({ id: ZUuid }),
  }),
]);
export type TGrant = z.infer<typeof ZGrant>;

/**
 * DELIVERED: the person has it. OUT_OF_STOCK: the pass's, the pool's or the gift round's supply was used up before it
 * reached them, or the gift round's drop or the pass's validity had ended (an attendance reward or an airdrop; a
 * redeem code is refused instead, and its use is not spent).
 */
export const grantDeliveryStatuses = ['DELIVERED', 'OUT_OF_STOCK'] as const;
export type TGrantDeliveryStatus = (typeof grantDeliveryStatuses)[number];

/** One grant that reached (or ran out before reaching) one person. */
export const ZGrantDelivery = z.object({
  id: ZUuid,
  status: z.enum(grantDeliveryStatuses),
  grant: ZGrant,
  /** The edition given (an EDITION grant that was delivered), to open its page. */
  edition: z.object({ id: ZUuid, serialNumber: z.number().int() }).nullable(),
  /** The pack given (a PACK grant that was delivered), sealed until its owner opens it, and its GIFT order. */
  pack: z.object({ id: ZUuid, number: z.number().int(), orderId: ZUuid, isOpened: z.boolean() }).nullable(),
  createdAt: z.iso.datetime(),
});
export type TGrantDelivery = z.infer<typeof ZGrantDelivery>;

// ----------------------------------------------------------------------------------------------------- console

/** `POST /v1/console/edition-pools`: mints `size` editions of a published product of the brand, to be granted. */
export const ZEditionPoolRequest = z.strictObject({
  brandId: ZUuid,
  productId: ZUuid,
  size: z
    .number({ error: grantMessages.poolSize })
    .int({ error: grantMessages.poolSize })
    .min(1, { error: grantMessages.poolSize })
    .max(MAX_EDITION_POOL_SIZE, { error: grantMessages.poolSize }),
});
export type TEditionPoolRequest = z.infer<typeof ZEditionPoolRequest>;

export const ZEditionPool = z.object({
  id: ZUuid,
  brand: ZBrandSummary,
  product: ZGrantProduct,
  size: z.number().int(),
  /** Editions not granted yet. */
  remaining: z.number().int(),
  createdAt: z.iso.datetime(),
});
export type TEditionPool = z.infer<typeof ZEditionPool>;

export const ZEditionPoolListQuery = ZPageQuery.extend({
  brandId: ZUuid.optional(),
  /** Pools whose product's name holds this text (case-insensitive): a grant's pool is searched past a page. */
  q: z.string().trim().max(120).optional(),
});
export type TEditionPoolListQuery = z.infer<typeof ZEditionPoolListQuery>;
