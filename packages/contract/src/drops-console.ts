import { z } from 'zod';
import { ZBrandSummary, ZQueryBoolean, ZRarity } from './catalog.ts';
import { ZConsoleTime, ZImageUrl, ZName } from './catalog-requests.ts';
import { MAX_DROP_PACKS } from './drop-rules.ts';
import { ZDropStatus, ZGiftRound, ZPassGuarantee } from './drops.ts';
import { ZMoney, ZPageQuery, ZUuid } from './envelope.ts';

/** What operators send to schedule a drop, and what the console shows of one (brand managers: their brands only). */

export const dropMessages = {
  times: 'A drop must become visible no later than it begins, and begin before it ends.',
  roundTimes: 'Each round must start and end within the drop, after the round before it ends.',
  roundOrder: 'Rounds are numbered 1, 2, 3… in the order they start.',
  contentsFill: 'The editions must fill every pack exactly: packs × editions per pack must equal the editions.',
  duplicateProduct: 'Each product may appear once in a drop’s contents.',
  email: 'Enter one valid email address per line.',
  publishedIsFinal: 'A published drop can no longer be changed.',
  price: 'Enter a price per pack from $0.01 to $10,000.00.',
  perPersonLimit: 'Enter how many packs one person may buy, from 1 to 1,000, or leave it empty for no limit.',
  packCount: 'Enter how many packs this round sells, from 1 to 100,000.',
  editionsPerPack: 'Enter how many editions each pack holds, from 1 to 20.',
  editionCount: 'Enter how many editions of this product the drop holds, at least 1.',
  rounds: 'A drop has from 1 to 20 rounds.',
  contents: 'Pick from 1 to 100 products.',
  whitelistName: 'Name the whitelist in 1 to 80 characters.',
  whitelistSize: 'A whitelist holds from 1 to 50,000 email addresses.',
  packsPerHolder: 'Guarantee each holder from 1 to 100 packs.',
  guaranteeMinutes: 'Hold the holders’ packs for 1 minute to 24 hours (1,440 minutes).',
  guaranteeWithRequiredPass: 'A round either is for pass holders only or guarantees them packs, not both.',
  guaranteeOverRound:
    'The round has fewer packs than it guarantees: every pass of the supply times the packs per holder.',
  guaranteeOverLimit: 'A holder’s guaranteed packs cannot be more than one person may buy in the round.',
  giftPackCount: 'Set from 1 to 100,000 packs aside for giveaways.',
} as const;

/**
 * A round open to everyone that keeps packs for holders of a pass (issue 18, decision record 29): from the opening,
 * for `minutes`, `packsPerHolder` packs per pass of the supply are held back for holders, each of whom may buy up to
 * that many of them; after it, whatever they left goes on sale to everyone.
 */
export const ZPassGuaranteeRequest = z.strictObject({
  passId: ZUuid,
  packsPerHolder: z
    .number({ error: dropMessages.packsPerHolder })
    .int({ error: dropMessages.packsPerHolder })
    .min(1, { error: dropMessages.packsPerHolder })
    .max(100, { error: dropMessages.packsPerHolder }),
  minutes: z
    .number({ error: dropMessages.guaranteeMinutes })
    .int({ error: dropMessages.guaranteeMinutes })
    .min(1, { error: dropMessages.guaranteeMinutes })
    .max(1_440, { error: dropMessages.guaranteeMinutes }),
});
export type TPassGuaranteeRequest = z.infer<typeof ZPassGuaranteeRequest>;

/**
 * A drop's publication: a DRAFT is the operator's to change; PUBLISHING has its serial numbers and seed fixed while its
 * packs and editions are written in batches (no one but operators sees it yet); PUBLISHED is complete and final.
 */
export const dropPublicationStatuses = ['DRAFT', 'PUBLISHING', 'PUBLISHED'] as const;
export const ZDropPublicationStatus = z.enum(dropPublicationStatuses);
export type TDropPublicationStatus = z.infer<typeof ZDropPublicationStatus>;

/** Each round at most this many whitelisted people (each drop at most MAX_DROP_PACKS packs, drop-rules.ts). */
export const MAX_WHITELIST_SIZE = 50_000;
export const MAX_EDITIONS_PER_PACK = 20;

const ZDropTime = ZConsoleTime;

export const ZDropWhitelistRequest = z.strictObject({
  name: z
    .string({ error: dropMessages.whitelistName })
    .trim()
    .min(1, { error: dropMessages.whitelistName })
    .max(80, { error: dropMessages.whitelistName }),
  emails: z
    // Trimmed and lowercased before the format check: a pasted list carries stray spaces and capitals.
    .array(
      z
        .string()
        .trim()
        .toLowerCase()
        .max(254)
        .pipe(z.email({ error: dropMessages.email })),
    )
    .min(1, { error: dropMessages.whitelistSize })
    .max(MAX_WHITELIST_SIZE, { error: dropMessages.whitelistSize })
    .transform((emails) => [...new Set(emails)]),
});

export const ZDropRoundRequest = z.strictObject({
  round: z
    .number({ error: dropMessages.roundOrder })
    .int({ error: dropMessages.roundOrder })
    .min(1, { error: dropMessages.roundOrder })
    .max(20, { error: dropMessages.rounds }),
  saleBeginAt: ZDropTime,
  saleEndAt: ZDropTime,
  /** USD cents per pack. */
  price: z
    .number({ error: dropMessages.price })
    .int({ error: dropMessages.price })
    .min(1, { error: dropMessages.price })
    .max(1_000_000, { error: dropMessages.price }),
  perPersonLimit: z
    .number({ error: dropMessages.perPersonLimit })
    .int({ error: dropMessages.perPersonLimit })
    .min(1, { error: dropMessages.perPersonLimit })
    .max(1_000, { error: dropMessages.perPersonLimit })
    .nullable(),
  packCount: z
    .number({ error: dropMessages.packCount })
    .int({ error: dropMessages.packCount })
    .min(1, { error: dropMessages.packCount })
    .max(MAX_DROP_PACKS, { error: dropMessages.packCount }),
  /** null: open to everyone. */
  whitelist: ZDropWhitelistRequest.nullable(),
  /** Holders only (issue 18): a pass of the drop's brand that buyers must hold; null for everyone. */
  requiredPassId: ZUuid.nullable().optional(),
  /** Guaranteed packs for holders of a pass in a round open to everyone; null for none. */
  passGuarantee: ZPassGuaranteeRequest.nullable().optional(),
});
export type TDropRoundRequest = z.infer<typeof ZDropRoundRequest>;

/**
 * A drop's gift round (decision record 36): `packCount` packs set aside for giveaways, written at publication like the
 * sale rounds' packs (numbered after them) and never on sale; redeem codes, attendance rewards and airdrops give them.
 */
export const ZGiftRoundRequest = z.strictObject({
  packCount: z
    .number({ error: dropMessages.giftPackCount })
    .int({ error: dropMessages.giftPackCount })
    .min(1, { error: dropMessages.giftPackCount })
    .max(MAX_DROP_PACKS, { error: dropMessages.giftPackCount }),
});
export type TGiftRoundRequest = z.infer<typeof ZGiftRoundRequest>;

export const ZDropContentRequest = z.strictObject({
  productId: ZUuid,
  editionCount: z
    .number({ error: dropMessages.editionCount })
    .int({ error: dropMessages.editionCount })
    .min(1, { error: dropMessages.editionCount })
    .max(MAX_DROP_PACKS * MAX_EDITIONS_PER_PACK, { error: dropMessages.editionCount }),
});

/** What the schedule's rules read of a drop: its times, and its rounds' numbers and times (ISO strings). */
export interface TDropSchedule {
  visibleAt: string | null;
  dropBeginAt: string | null;
  dropEndAt: string | null;
  rounds: readonly { round: number; saleBeginAt: string | null; saleEndAt: string | null }[];
}

/**
 * The schedule's rules: the drop visible no later than it begins and begun before it ends; rounds numbered 1, 2, 3…,
 * each within the drop and after the one before it ends. A time not given (or not a time) is its own field's error:
 * the rules that compare it wait for it, rather than blaming a time that is right.
 */
export function dropScheduleIssues(drop: TDropSchedule): { path: (string | number)[]; message: string }[] {
  const at = (value: string | null) => (value ? Date.parse(value) : Number.NaN);
  const issues: { path: (string | number)[]; message: string }[] = [];
  const [visible, begin, end] = [at(drop.visibleAt), at(drop.dropBeginAt), at(drop.dropEndAt)];
  const areTimes = (...times: number[]) => times.every((time) => !Number.isNaN(time));
  if (areTimes(visible, begin, end) && !(visible <= begin && begin < end)) {
    issues.push({ path: ['dropBeginAt'], message: dropMessages.times });
  }
  let previousEnd = begin;
  drop.rounds.forEach((round, index) => {
    if (round.round !== index + 1) issues.push({ path: ['rounds', index, 'round'], message: dropMessages.roundOrder });
    const [roundBegin, roundEnd] = [at(round.saleBeginAt), at(round.saleEndAt)];
    const isInside = roundBegin >= previousEnd && roundBegin < roundEnd && roundEnd <= end;
    if (areTimes(previousEnd, roundBegin, roundEnd, end) && !isInside) {
      issues.push({ path: ['rounds', index, 'saleBeginAt'], message: dropMessages.roundTimes });
    }
    previousEnd = roundEnd;
  });
  return issues;
}

/** `POST /v1/console/drops` and `PUT /v1/console/drops/{id}` (drafts only): the whole drop. */
export const ZConsoleDropRequest = z
  .strictObject({
    brandId: ZUuid,
    name: ZName,
    description: z
      .string()
      .trim()
      .max(5000)
      .transform((value) => (value === '' ? null : value))
      .nullable()
      .default(null),
    imageUrl: ZImageUrl,
    visibleAt: ZDropTime,
    dropBeginAt: ZDropTime,
    dropEndAt: ZDropTime,
    editionsPerPack: z
      .number({ error: dropMessages.editionsPerPack })
      .int({ error: dropMessages.editionsPerPack })
      .min(1, { error: dropMessages.editionsPerPack })
      .max(MAX_EDITIONS_PER_PACK, { error: dropMessages.editionsPerPack }),
    contents: z
      .array(ZDropContentRequest)
      .min(1, { error: dropMessages.contents })
      .max(100, { error: dropMessages.contents }),
    rounds: z.array(ZDropRoundRequest).min(1, { error: dropMessages.rounds }).max(20, { error: dropMessages.rounds }),
    /** Packs set aside for giveaways; null (or absent) for none. */
    giftRound: ZGiftRoundRequest.nullable().optional(),
  })
  // A check that stops at once (a number that is not whole) keeps these rules from running: the console's form asks
  // dropScheduleIssues itself, so a first save says all that is wrong (session 78's console hunt).
  .superRefine((drop, context) => {
    for (const issue of dropScheduleIssues(drop)) context.addIssue({ code: 'custom', ...issue });
    drop.rounds.forEach((round, index) => {
      const guarantee = round.passGuarantee;
      if (guarantee && round.requiredPassId) {
        context.addIssue({
          code: 'custom',
          path: ['rounds', index, 'passGuarantee'],
          message: dropMessages.guaranteeWithRequiredPass,
        });
      }
      if (guarantee && round.perPersonLimit !== null && guarantee.packsPerHolder > round.perPersonLimit) {
        context.addIssue({
          code: 'custom',
          path: ['rounds', index, 'passGuarantee', 'packsPerHolder'],
          message: dropMessages.guaranteeOverLimit,
        });
      }
    });
    const products = drop.contents.map((content) => content.productId);
    if (new Set(products).size !== products.length) {
      context.addIssue({ code: 'custom', path: ['contents'], message: dropMessages.duplicateProduct });
    }
    // The gift round's packs are packs of the drop like any round's: the contents fill them too.
    const packs = drop.rounds.reduce((sum, round) => sum + round.packCount, 0) + (drop.giftRound?.packCount ?? 0);
    const editions = drop.contents.reduce((sum, content) => sum + content.editionCount, 0);
    if (packs > MAX_DROP_PACKS || packs * drop.editionsPerPack !== editions) {
      context.addIssue({ code: 'custom', path: ['contents'], message: dropMessages.contentsFill });
    }
  });
export type TConsoleDropRequest = z.infer<typeof ZConsoleDropRequest>;

export const ZConsoleDrop = z.object({
  id: ZUuid,
  brand: ZBrandSummary,
  name: z.string(),
  description: z.string().nullable(),
  imageUrl: z.string(),
  visibleAt: z.iso.datetime(),
  dropBeginAt: z.iso.datetime(),
  dropEndAt: z.iso.datetime(),
  editionsPerPack: z.number().int(),
  contents: z.array(
    z.object({
      productId: ZUuid,
      productName: z.string(),
      rarity: ZRarity,
      editionCount: z.number().int(),
      /** Fixed at publication: the product's next free serial number then. */
      firstSerialNumber: z.number().int().nullable(),
    }),
  ),
  rounds: z.array(
    z.object({
      id: ZUuid,
      round: z.number().int(),
      saleBeginAt: z.iso.datetime(),
      saleEndAt: z.iso.datetime(),
      price: ZMoney,
      perPersonLimit: z.number().int().nullable(),
      packCount: z.number().int(),
      beginIssuedPackNumber: z.number().int(),
      endIssuedPackNumber: z.number().int(),
      /** Paid for. */
      soldCount: z.number().int(),
      /** Held for an order waiting for payment: sold if it is paid, back on sale if its hold ends. */
      heldCount: z.number().int(),
      whitelist: z.object({ name: z.string(), emails: z.array(z.string()) }).nullable(),
      requiredPass: z.object({ id: ZUuid, name: z.string() }).nullable(),
      passGuarantee: ZPassGuarantee.nullable(),
      /** A raffle round: `GET .../rounds/{round}/raffle` has it (404 RAFFLE_NOT_FOUND otherwise). */
      isRaffle: z.boolean(),
      /** `GET .../rounds/{round}/waiting-room` has its room (404 WAITING_ROOM_NOT_FOUND otherwise). */
      hasWaitingRoom: z.boolean(),
    }),
  ),
  /** The packs set aside for giveaways, never on sale; null for none. Not among `rounds`, nor in `counts`. */
  giftRound: ZGiftRound.nullable(),
  publicationStatus: ZDropPublicationStatus,
  /**
   * How far the packs are written (the gift round's too): null for a draft, packsWritten = packTotal once PUBLISHED.
   * While PUBLISHING the console reads it again every few seconds.
   */
  publication: z.object({ packsWritten: z.number().int(), packTotal: z.number().int() }).nullable(),
  /** Only meaningful once published. */
  status: ZDropStatus,
  /** Fixed when the first batch of packs is written; null for a draft and at the very start of a publication. */
  commitment: z.string().nullable(),
  publishedAt: z.iso.datetime().nullable(),
  /** The sale rounds' packs: issued, sold (paid) and held for a payment. The gift round counts apart (`giftRound`). */
  counts: z.object({ dropCount: z.number().int(), soldCount: z.number().int(), heldCount: z.number().int() }),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type TConsoleDrop = z.infer<typeof ZConsoleDrop>;

/** `GET /v1/console/drops`: newest first, by publication status and brand (brand managers: their brands only). */
export const ZConsoleDropsQuery = ZPageQuery.extend({
  status: ZDropPublicationStatus.optional(),
  brandId: ZUuid.optional(),
  /** Only drops with a gift round (the console's grant fields pick a drop's gift packs from these). */
  hasGiftRound: ZQueryBoolean.optional(),
  /** Drops whose name holds this text (case-insensitive): a grant's gift drop is searched past a page. */
  q: z.string().trim().max(120).optional(),
});
export type TConsoleDropsQuery = z.infer<typeof ZConsoleDropsQuery>;

/** A row of the console's drop list: the drop without its contents and rounds (whitelists may hold 50,000 emails). */
export const ZConsoleDropListItem = ZConsoleDrop.omit({ contents: true, rounds: true, description: true }).extend({
  roundCount: z.number().int(),
});
export type TConsoleDropListItem = z.infer<typeof ZConsoleDropListItem>;
