import { z } from 'zod';
import { catalogMessages, ZBrandSummary, ZPublicationStatus } from './catalog.ts';
import { ZConsoleTime, ZImageUrl } from './catalog-requests.ts';
import { ZMoney, ZPageQuery, ZUuid } from './envelope.ts';
import { hasNoInvisibleCharacters, invisibleCharactersMessage } from './invisible-characters.ts';

/**
 * Passes (spec sections 1, 2 and 7; issue 18): a product of its own kind, bought through the same order flow as packs
 * and held by its owner, that opens sale rounds to its holders while it is valid.
 */

/**
 * A pass's supply is issued as numbered units when it is published, so a purchase claims units and never counts them.
 */
export const MAX_PASS_SUPPLY = 100_000;
export const MAX_PASS_BENEFITS = 8;
export const MAX_PASS_BENEFIT_LENGTH = 200;
/** USD cents: $100,000.00. */
export const MAX_PASS_PRICE_CENTS = 100_000_00;

/** The console's words for a pass's fields, the API's and the form's alike (the form's price is typed in dollars). */
export const passMessages = {
  brand: 'Choose a brand.',
  supply: `Enter how many passes to issue, from 1 to ${MAX_PASS_SUPPLY.toLocaleString('en-US')}.`,
  perPersonLimit: 'Leave empty for no limit, or enter a whole number from 1 to 1,000.',
  /** The API's, of a price in cents; the console's form, where it is typed in dollars, says so in its own words. */
  price: 'Enter a price per pass from $0.01 to $100,000.00.',
  priceTyped: 'Enter a price in dollars, from 0.01 to 100,000.00 (for example 25.00).',
  benefit: `Write the benefit in 1 to ${MAX_PASS_BENEFIT_LENGTH} characters, or remove the line.`,
  benefits: `A pass lists at most ${MAX_PASS_BENEFITS} benefits.`,
} as const;

/** A whole number from `min` to `max`, each refusal in `message`. */
const wholeNumber = (min: number, max: number, message: string) =>
  z.number({ error: message }).int({ error: message }).min(min, { error: message }).max(max, { error: message });

export const passStatuses = ['UPCOMING', 'ON_SALE', 'SOLD_OUT', 'ENDED'] as const;
export type TPassStatus = (typeof passStatuses)[number];

/** Where a pass stands at `now`: before its sale, on sale, every unit sold, or after its sale. */
export function passStatusAt(
  pass: { saleBeginAt: string | Date; saleEndAt: string | Date; remaining: number },
  now: Date,
): TPassStatus {
  const time = now.getTime();
  if (time < new Date(pass.saleBeginAt).getTime()) return 'UPCOMING';
  if (time >= new Date(pass.saleEndAt).getTime()) return 'ENDED';
  return pass.remaining > 0 ? 'ON_SALE' : 'SOLD_OUT';
}

/** Whether a pass held now opens the rounds it opens: only within its validity period. */
export function isPassValidAt(pass: { validFrom: string | Date; validUntil: string | Date }, now: Date): boolean {
  const time = now.getTime();
  return new Date(pass.validFrom).getTime() <= time && time < new Date(pass.validUntil).getTime();
}

/** A sale round a pass opens: holders only. */
export const ZPassRound = z.object({
  dropId: ZUuid,
  dropName: z.string(),
  round: z.number().int(),
  saleBeginAt: z.iso.datetime(),
  saleEndAt: z.iso.datetime(),
});
export type TPassRound = z.infer<typeof ZPassRound>;

export const ZPass = z.object({
  id: ZUuid,
  brand: ZBrandSummary,
  name: z.string(),
  description: z.string(),
  imageUrl: z.string(),
  /** In words, one line each: "Opens round 1 of every Neon Tides drop". */
  benefits: z.array(z.string()),
  supply: z.number().int(),
  remaining: z.number().int(),
  price: ZMoney,
  /**
   * Passes one person may buy; null for no limit. Passes given (a redeem code, a check-in bonus, an airdrop) are the
   * brand's own choice and not counted, so someone may hold more than this.
   */
  perPersonLimit: z.number().int().nullable(),
  saleBeginAt: z.iso.datetime(),
  saleEndAt: z.iso.datetime(),
  validFrom: z.iso.datetime(),
  validUntil: z.iso.datetime(),
  status: z.enum(passStatuses),
  /** The published rounds this pass opens. */
  opensRounds: z.array(ZPassRound),
  /** How many of this pass the signed-in caller holds; 0 when signed out. */
  held: z.number().int(),
  /**
   * How many more are held for the caller's orders still waiting for their payment (card, Tilia): they count against
   * the per-person limit until paid or let go; 0 when signed out.
   */
  pending: z.number().int(),
  /**
   * How many of this pass count against the caller's per-person limit: those their orders took, paid or still waiting
   * for their payment (`pending` included), and not those given to them. Counted with or without a limit (one may be
   * set while the pass sells); 0 when signed out.
   */
  bought: z.number().int(),
});
export type TPass = z.infer<typeof ZPass>;

/** `GET /v1/passes`: passes of published brands, newest sale first. */
export const ZPassListQuery = ZPageQuery.extend({ brandId: ZUuid.optional() });
export type TPassListQuery = z.infer<typeof ZPassListQuery>;

/** `GET /v1/passes/my`: the passes I hold, each with how many. */
export const ZMyPasses = z.object({ items: z.array(ZPass) });
export type TMyPasses = z.infer<typeof ZMyPasses>;

// -------------------------------------------------------------------------------------------------------- console

const passFields = {
  brandId: z.uuid({ error: passMessages.brand }).toLowerCase(),
  name: z
    .string()
    .trim()
    .min(1, 'Give the pass a name.')
    .max(80)
    .refine(hasNoInvisibleCharacters, { error: catalogMessages.nameInvisible }),
  description: z.string().trim().max(2_000),
  imageUrl: z.string().trim().min(1, 'Choose an image for the pass.').pipe(ZImageUrl),
  benefits: z
    .array(
      z
        .string({ error: passMessages.benefit })
        .trim()
        .min(1, { error: passMessages.benefit })
        .max(MAX_PASS_BENEFIT_LENGTH, { error: passMessages.benefit })
        .refine(hasNoInvisibleCharacters, { error: invisibleCharactersMessage }),
    )
    .max(MAX_PASS_BENEFITS, { error: passMessages.benefits }),
  /** USD cents. */
  price: wholeNumber(1, MAX_PASS_PRICE_CENTS, passMessages.price),
  perPersonLimit: wholeNumber(1, 1_000, passMessages.perPersonLimit).nullable(),
  saleBeginAt: ZConsoleTime,
  saleEndAt: ZConsoleTime,
  validFrom: ZConsoleTime,
  validUntil: ZConsoleTime,
};

/**
 * What a pass's times must hold, each as the field to fix: a sale and a validity that each end after they begin, and a
 * sale over by the time the pass stops being valid (a pass bought after that would be worth nothing). The console's
 * requests check what they carry; an update checks the times it leaves, its own with the pass's (update-pass.ts).
 */
export function passTimeIssues(times: {
  saleBeginAt?: string | Date;
  saleEndAt?: string | Date;
  validFrom?: string | Date;
  validUntil?: string | Date;
}): { field: 'saleEndAt' | 'validUntil'; message: string }[] {
  const at = (time: string | Date | undefined) => (time === undefined ? undefined : new Date(time).getTime());
  const [saleBegin, saleEnd, validFrom, validUntil] = [
    at(times.saleBeginAt),
    at(times.saleEndAt),
    at(times.validFrom),
    at(times.validUntil),
  ];
  const issues: { field: 'saleEndAt' | 'validUntil'; message: string }[] = [];
  if (saleBegin !== undefined && saleEnd !== undefined && saleBegin >= saleEnd) {
    issues.push({ field: 'saleEndAt', message: 'The sale must end after it begins.' });
  } else if (saleEnd !== undefined && validUntil !== undefined && saleEnd > validUntil) {
    issues.push({ field: 'saleEndAt', message: 'The sale must end by the time the pass stops being valid.' });
  }
  if (validFrom !== undefined && validUntil !== undefined && validFrom >= validUntil) {
    issues.push({ field: 'validUntil', message: 'The pass must stay valid after it starts.' });
  }
  return issues;
}

const passTimesRefinement = (
  value: { saleBeginAt?: string; saleEndAt?: string; validFrom?: string; validUntil?: string },
  context: z.RefinementCtx,
) => {
  for (const issue of passTimeIssues(value))
    context.addIssue({ code: 'custom', path: [issue.field], message: issue.message });
};

/** `POST /v1/console/passes`: a draft; its supply is issued when it is published and cannot change afterwards. */
export const ZCreatePassRequest = z
  .strictObject({ ...passFields, supply: wholeNumber(1, MAX_PASS_SUPPLY, passMessages.supply) })
  .superRefine(passTimesRefinement);
export type TCreatePassRequest = z.infer<typeof ZCreatePassRequest>;

/**
 * `PATCH /v1/console/passes/{id}`: everything but the brand; the supply only while the pass is a draft (its units are
 * issued when it is published) and no drop's round names it. Once people hold the pass its validity only widens:
 * `validFrom` earlier, `validUntil` later (PASS_VALIDITY_SOLD).
 */
export const ZUpdatePassRequest = z
  .strictObject({
    supply: wholeNumber(1, MAX_PASS_SUPPLY, passMessages.supply).optional(),
    name: passFields.name.optional(),
    description: passFields.description.optional(),
    imageUrl: passFields.imageUrl.optional(),
    benefits: passFields.benefits.optional(),
    price: passFields.price.optional(),
    perPersonLimit: passFields.perPersonLimit.optional(),
    saleBeginAt: passFields.saleBeginAt.optional(),
    saleEndAt: passFields.saleEndAt.optional(),
    validFrom: passFields.validFrom.optional(),
    validUntil: passFields.validUntil.optional(),
  })
  .superRefine(passTimesRefinement);
export type TUpdatePassRequest = z.infer<typeof ZUpdatePassRequest>;

export const ZConsolePassListQuery = ZPassListQuery.extend({
  q: z.string().trim().max(120).optional(),
  /** Drafts or published ones only (decision record 50); both when left out. */
  status: ZPublicationStatus.optional(),
});
export type TConsolePassListQuery = z.infer<typeof ZConsolePassListQuery>;

/** The console's pass: the public one, with how many units are sold and whether collectors see it. */
export const ZConsolePass = ZPass.omit({ held: true, pending: true, bought: true }).extend({
  /** A draft is the console's alone (decision record 50); publishing issues its supply. */
  publicationStatus: ZPublicationStatus,
  publishedAt: z.iso.datetime().nullable(),
  sold: z.number().int(),
  createdAt: z.iso.datetime(),
  /** The version an edit is made from (If-Match): any change moves it. */
  updatedAt: z.iso.datetime(),
});
export type TConsolePass = z.infer<typeof ZConsolePass>;
