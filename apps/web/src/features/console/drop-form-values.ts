import {
  dropMessages,
  dropScheduleIssues,
  MAX_DROP_PACKS,
  MAX_EDITIONS_PER_PACK,
  MAX_WHITELIST_SIZE,
  ZConsoleDropRequest,
  type TConsoleDrop,
  type TRarity,
} from '@cypher/contract';
import type { UseFormReturn } from 'react-hook-form';
import { z } from 'zod';
import { parseEmailList } from './email-list.ts';
import { formThenRequest, type TFormRuleIssue } from './form-values.ts';
import { amountText, parseAmount, readAmount } from '../../lib/money-input.ts';

/**
 * The drop editor's form. Its fields carry the request's names (`rounds.1.saleBeginAt`, `contents`), so the contract's
 * messages (ZConsoleDropRequest, which the API runs too) and the API's field details land under the fields they are
 * about. What people type differs from what is sent in four places: prices in dollars (sent as cents), whitelists as
 * text (sent as a list of addresses), rounds numbered by their place, and the gift round as a box to tick with its
 * count. A first pass checks what was typed, in words; the form's values then become the request and go through the
 * contract's schema.
 */

/** What the editor shows of a product in the contents (the request carries only its id). */
interface TDropFormProduct {
  name: string;
  rarity: TRarity;
  imageThumbnailUrl: string | null;
  /** null: an open edition; undefined: not known yet (a saved draft names only the product and its rarity). */
  editionSize?: number | null;
  /** What a new drop may still hold of it (null: an open edition); undefined: not known yet, as above. */
  editionsLeft?: number | null;
}

/**
 * The drop form's words: the API's (the contract's dropMessages) wherever both say the same of the same field, so a
 * refusal reads alike from either. The price is typed here in dollars and sent in cents: its words speak of typing.
 */
const messages = {
  brand: 'Choose a brand.',
  time: 'Pick a date and time.',
  editionsPerPack: dropMessages.editionsPerPack,
  editionCount: dropMessages.editionCount,
  contentsEmpty: 'Add at least one product to fill the packs with.',
  packCount: dropMessages.packCount,
  perPersonLimit: dropMessages.perPersonLimit,
  price: 'Enter a price in dollars, from 0.01 to 10,000.00 (for example 12.50).',
  whitelistName: dropMessages.whitelistName,
  whitelistEmpty: 'Add at least one email address.',
  whitelistTooLong: `A whitelist holds at most ${MAX_WHITELIST_SIZE.toLocaleString('en-US')} addresses.`,
} as const;

/** A time the form must have: '' or null (an emptied picker) says so in words. */
export const ZRequiredTime = z
  .string()
  .nullable()
  .refine((value) => value !== null && value !== '', { error: messages.time });

/** A whole number the form must have, within the contract's bounds; an emptied box (null) says so in words. */
export function requiredWholeNumber(min: number, max: number, message: string) {
  return z
    .number({ error: message })
    .nullable()
    .refine((value) => value !== null && Number.isInteger(value) && value >= min && value <= max, { error: message });
}

function isWholeIn(value: number | null, min: number, max: number): boolean {
  return value !== null && Number.isInteger(value) && value >= min && value <= max;
}

/** The round's pass access as the request's two fields. */
function passAccessRequest(
  round: Pick<TDropFormShape['rounds'][number], 'passAccess' | 'packsPerHolder' | 'guaranteeMinutes'>,
) {
  const [mode, passId] = round.passAccess.split(':');
  return {
    requiredPassId: mode === 'only' ? passId! : null,
    passGuarantee:
      mode === 'guarantee'
        ? { passId: passId!, packsPerHolder: round.packsPerHolder ?? 0, minutes: round.guaranteeMinutes ?? 0 }
        : null,
  };
}

/** "12.5", "$12.50", "1,000" -> cents; anything else (or more than two decimals) -> null. */
export function dollarsToCents(text: string): number | null {
  return parseAmount(text, 'USD', 2);
}

/** Cents -> the dollars a price box shows: 1250 -> "12.50", 100000 -> "1,000.00". */
export function centsToDollars(cents: number): string {
  return amountText(cents, 2);
}

/** Said of a price with more than two decimals ("12.505"), which is inside the range and still no price. */
const priceDecimalsMessage = 'Enter the price in dollars and cents: at most two decimals, for example 12.50.';
/** Said of what is not written as a number ("12.", "5,00", "twelve"): the range would send one looking elsewhere. */
const priceFormatMessage = 'Enter the price as digits in dollars and cents, for example 12.50.';

/**
 * What is wrong with a price typed in dollars, from $0.01 to `maxCents`, or null when nothing is: more than two
 * decimals, and what is not written as a number, are told as such; anything else that is not such a price (nothing,
 * below zero, out of range) with `rangeMessage`.
 */
export function priceProblem(text: string, maxCents: number, rangeMessage: string): string | null {
  const reading = readAmount(text, 'USD', 2);
  if (!reading.isAmount && reading.problem === 'decimals') return priceDecimalsMessage;
  if (!reading.isAmount && reading.problem === 'format') return priceFormatMessage;
  if (!reading.isAmount || reading.minorUnits < 1 || reading.minorUnits > maxCents) return rangeMessage;
  return null;
}

/** A price box (priceProblem's rules). */
export function usdPrice(maxCents: number, rangeMessage: string) {
  return z.string().superRefine((text, context) => {
    const problem = priceProblem(text, maxCents, rangeMessage);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  });
}

const ZPrice = usdPrice(1_000_000, messages.price);

const ZWhitelistForm = z.object({
  name: z.string().trim().min(1, { error: messages.whitelistName }).max(80, { error: messages.whitelistName }),
  emails: z.string().superRefine((text, context) => {
    const list = parseEmailList(text);
    if (list.invalid.length > 0) context.addIssue({ code: 'custom', message: dropMessages.email });
    else if (list.emails.length === 0) context.addIssue({ code: 'custom', message: messages.whitelistEmpty });
    else if (list.emails.length > MAX_WHITELIST_SIZE) {
      context.addIssue({ code: 'custom', message: messages.whitelistTooLong });
    }
  }),
});

const ZRoundForm = z
  .object({
    saleBeginAt: ZRequiredTime,
    saleEndAt: ZRequiredTime,
    price: ZPrice,
    perPersonLimit: z
      .number({ error: messages.perPersonLimit })
      .int({ error: messages.perPersonLimit })
      .min(1, { error: messages.perPersonLimit })
      .max(1_000, { error: messages.perPersonLimit })
      .nullable(),
    packCount: requiredWholeNumber(1, MAX_DROP_PACKS, messages.packCount),
    hasWhitelist: z.boolean(),
    whitelist: z.object({ name: z.string(), emails: z.string() }),
    /**
     * What a pass of the drop's brand does in the round: '' nothing (everyone may buy), `only:<passId>` holders only,
     * `guarantee:<passId>` everyone, with packs held back for holders (packsPerHolder each, for guaranteeMinutes).
     */
    passAccess: z.string(),
    packsPerHolder: z.number().nullable(),
    guaranteeMinutes: z.number().nullable(),
  })
  .superRefine((round, context) => {
    if (round.passAccess.startsWith('guarantee:')) {
      if (!isWholeIn(round.packsPerHolder, 1, 100)) {
        context.addIssue({ code: 'custom', path: ['packsPerHolder'], message: dropMessages.packsPerHolder });
      } else if (round.perPersonLimit !== null && round.packsPerHolder! > round.perPersonLimit) {
        context.addIssue({ code: 'custom', path: ['packsPerHolder'], message: dropMessages.guaranteeOverLimit });
      }
      if (!isWholeIn(round.guaranteeMinutes, 1, 1_440)) {
        context.addIssue({ code: 'custom', path: ['guaranteeMinutes'], message: dropMessages.guaranteeMinutes });
      }
    }
    if (!round.hasWhitelist) return;
    const whitelist = ZWhitelistForm.safeParse(round.whitelist);
    for (const issue of whitelist.error?.issues ?? []) {
      context.addIssue({ code: 'custom', path: ['whitelist', ...issue.path], message: issue.message });
    }
  });

const ZContentForm = z.object({
  productId: z.string(),
  editionCount: requiredWholeNumber(1, MAX_DROP_PACKS * MAX_EDITIONS_PER_PACK, messages.editionCount),
  product: z.custom<TDropFormProduct>(),
});

/** Packs set aside for giveaways (decision record 36): a gift round after the sale rounds, never on sale. */
const ZGiftRoundForm = z
  .object({ isSetAside: z.boolean(), packCount: z.number().nullable() })
  .superRefine((giftRound, context) => {
    if (giftRound.isSetAside && !isWholeIn(giftRound.packCount, 1, MAX_DROP_PACKS)) {
      context.addIssue({ code: 'custom', path: ['packCount'], message: dropMessages.giftPackCount });
    }
  });

const ZDropFormShape = z.object({
  brandId: z.uuid({ error: messages.brand }),
  name: ZConsoleDropRequest.shape.name,
  description: ZConsoleDropRequest.shape.description,
  imageUrl: ZConsoleDropRequest.shape.imageUrl,
  visibleAt: ZRequiredTime,
  dropBeginAt: ZRequiredTime,
  dropEndAt: ZRequiredTime,
  editionsPerPack: requiredWholeNumber(1, MAX_EDITIONS_PER_PACK, messages.editionsPerPack),
  contents: z.array(ZContentForm).min(1, { error: messages.contentsEmpty }),
  rounds: z.array(ZRoundForm).min(1),
  giftRound: ZGiftRoundForm,
});

type TDropFormShape = z.output<typeof ZDropFormShape>;

/** The form's checked values as the request the API takes. */
function toRequest(values: TDropFormShape): z.input<typeof ZConsoleDropRequest> {
  return {
    brandId: values.brandId,
    name: values.name,
    description: values.description,
    imageUrl: values.imageUrl,
    visibleAt: values.visibleAt ?? '',
    dropBeginAt: values.dropBeginAt ?? '',
    dropEndAt: values.dropEndAt ?? '',
    editionsPerPack: values.editionsPerPack ?? 0,
    contents: values.contents.map(({ productId, editionCount }) => ({ productId, editionCount: editionCount ?? 0 })),
    rounds: values.rounds.map((round, index) => ({
      round: index + 1,
      saleBeginAt: round.saleBeginAt ?? '',
      saleEndAt: round.saleEndAt ?? '',
      price: dollarsToCents(round.price) ?? 0,
      perPersonLimit: round.perPersonLimit,
      packCount: round.packCount ?? 0,
      whitelist: round.hasWhitelist
        ? { name: round.whitelist.name, emails: parseEmailList(round.whitelist.emails).emails }
        : null,
      ...passAccessRequest(round),
    })),
    // Absent is none, as in a request made before gift rounds (and a draft saved again without one loses it).
    ...(values.giftRound.isSetAside ? { giftRound: { packCount: values.giftRound.packCount ?? 0 } } : {}),
  };
}

/** What typed values must be, then the contract's own rules (times in order, contents filling the packs exactly). */
export const ZDropForm = formThenRequest(ZDropFormShape, toRequest, ZConsoleDropRequest);

/**
 * The contract's schedule rules on the form's values as typed, for the editor's resolver (withRules): told on the first
 * save beside a field that is wrong, where the schema's own run of them stops.
 */
export function dropFormScheduleIssues(values: TDropFormValues): TFormRuleIssue[] {
  return dropScheduleIssues({
    visibleAt: values.visibleAt ?? null,
    dropBeginAt: values.dropBeginAt ?? null,
    dropEndAt: values.dropEndAt ?? null,
    rounds: values.rounds.map((round, index) => ({
      round: index + 1,
      saleBeginAt: round.saleBeginAt ?? null,
      saleEndAt: round.saleEndAt ?? null,
    })),
  });
}

export type TDropFormValues = z.input<typeof ZDropForm>;
export type TDropFormRound = TDropFormValues['rounds'][number];
export type TDropFormContent = TDropFormValues['contents'][number];

export function emptyRound(changes: Partial<TDropFormRound> = {}): TDropFormRound {
  return {
    saleBeginAt: null,
    saleEndAt: null,
    price: '',
    perPersonLimit: null,
    packCount: null,
    hasWhitelist: false,
    whitelist: { name: '', emails: '' },
    passAccess: '',
    packsPerHolder: 1,
    guaranteeMinutes: 30,
    ...changes,
  };
}

/** A saved draft as the form shows it, or an empty drop (with the brand preselected for a one-brand manager). */
export function dropFormValues(drop: TConsoleDrop | undefined, brandId = ''): TDropFormValues {
  if (!drop) {
    return {
      brandId,
      name: '',
      description: '',
      imageUrl: '',
      visibleAt: null,
      dropBeginAt: null,
      dropEndAt: null,
      editionsPerPack: null,
      contents: [],
      rounds: [emptyRound()],
      giftRound: { isSetAside: false, packCount: null },
    };
  }
  return {
    brandId: drop.brand.id,
    name: drop.name,
    description: drop.description ?? '',
    imageUrl: drop.imageUrl,
    visibleAt: drop.visibleAt,
    dropBeginAt: drop.dropBeginAt,
    dropEndAt: drop.dropEndAt,
    editionsPerPack: drop.editionsPerPack,
    contents: drop.contents.map((content) => ({
      productId: content.productId,
      editionCount: content.editionCount,
      product: { name: content.productName, rarity: content.rarity, imageThumbnailUrl: null },
    })),
    rounds: drop.rounds.map((round) => ({
      saleBeginAt: round.saleBeginAt,
      saleEndAt: round.saleEndAt,
      price: centsToDollars(round.price.amount),
      perPersonLimit: round.perPersonLimit,
      packCount: round.packCount,
      hasWhitelist: round.whitelist !== null,
      whitelist: { name: round.whitelist?.name ?? '', emails: round.whitelist?.emails.join('\n') ?? '' },
      passAccess: round.requiredPass
        ? `only:${round.requiredPass.id}`
        : round.passGuarantee
          ? `guarantee:${round.passGuarantee.pass.id}`
          : '',
      packsPerHolder: round.passGuarantee?.packsPerHolder ?? 1,
      guaranteeMinutes: round.passGuarantee?.minutes ?? 30,
    })),
    giftRound: { isSetAside: drop.giftRound !== null, packCount: drop.giftRound?.packCount ?? null },
  };
}

/** The form as the editor's parts (contents, rounds) work on it. */
export type TDropFormApi = UseFormReturn<TDropFormValues, unknown, z.output<typeof ZDropForm>>;
