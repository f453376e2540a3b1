import { z } from 'zod';
import {
  countryOfIban,
  countryOfSwift,
  ibanCountryFor,
  isAbaRoutingNumber,
  isElectronicRoutingNumber,
  isBankAccountNumber,
  isCanadianPostalCode,
  isIban,
  isInstitutionNumber,
  isSwiftCode,
  isSwiftOfCountry,
  isTransitNumber,
  evmAddressRefinement,
  isUsZipCode,
  wireSchemeFor,
} from './bank-details.ts';
import { countryNameOf, isCountryCode } from './countries.ts';
import { ZMoney, ZPageQuery, ZRequestedCents } from './envelope.ts';
import { hasNoInvisibleCharacters } from './invisible-characters.ts';
import { formatMoney } from './money-format.ts';

export const withdrawalMethods = ['wire', 'usdc'] as const;
export type TWithdrawalMethod = (typeof withdrawalMethods)[number];
export const withdrawalMethodNames: Record<TWithdrawalMethod, string> = { wire: 'Wire', usdc: 'USDC' };

/** Spec section 4: submitted → in review (up to two weeks) → approved → paid; rejected (fee kept); failed. */
export const withdrawalStatuses = ['submitted', 'in_review', 'approved', 'paid', 'rejected', 'failed'] as const;
export type TWithdrawalStatus = (typeof withdrawalStatuses)[number];

/** Each state in the words both the person's list and the console show it in. */
export const withdrawalStatusNames: Record<TWithdrawalStatus, string> = {
  submitted: 'Submitted',
  in_review: 'In review',
  approved: 'Approved',
  paid: 'Paid',
  rejected: 'Rejected',
  failed: 'Failed',
};

export const withdrawalMessages = {
  routingNumber: 'Please enter a valid 9-digit routing number.',
  electronicRoutingNumber:
    'This routing number is for electronic (ACH) transfers only. Please enter your bank’s 9-digit wire routing number.',
  accountNumber: 'Please enter an account number of 4 to 17 digits.',
  institutionNumber: 'Please enter a 3-digit institution number.',
  transitNumber: 'Please enter a 5-digit transit number.',
  iban: 'Please enter a valid IBAN.',
  swift: 'Please enter a valid SWIFT code (8 or 11 characters).',
  usZip: 'Please enter a valid ZIP code (5 digits, or ZIP+4).',
  caPostalCode: 'Please enter a valid postal code (A1A 1A1).',
  usdcAddress: 'Please enter a valid USDC wallet address (0x followed by 40 characters).',
  required: 'This field is required.',
  country: 'Please choose a country.',
  isConfirmed: 'Please confirm that the information is correct.',
  invisibleCharacters:
    'This field cannot hold invisible characters (a zero-width space, a direction mark): please type it again.',
} as const;

/**
 * An IBAN from another country than the bank's (the form's "Bank country"), under the IBAN field: the money is wired
 * to a bank in that country, so its IBAN starts with that country's code (a territory's, its country's: Réunion's
 * start with FR).
 */
export function ibanCountryMismatchMessage(iban: string, country: string): string {
  return (
    `This IBAN's country (${countryNameOf(countryOfIban(iban))}) is not the bank's country (${countryNameOf(country)}). ` +
    `Please enter an IBAN that starts with ${ibanCountryFor(country)}.`
  );
}

/**
 * A SWIFT code of another country than the bank's, under the SWIFT field: it names the bank the wire is sent through,
 * so a German code for a bank in France routes the wire to a German bank, not the one stated. A territory's bank may
 * have its own country letters or its country's (Réunion: RE or FR).
 */
export function swiftCountryMismatchMessage(swift: string, country: string): string {
  const letters = [...new Set([country, ibanCountryFor(country)])].join(' or ');
  return (
    `This SWIFT code's country (${countryNameOf(countryOfSwift(swift))}) is not the bank's country (${countryNameOf(country)}). ` +
    `Please enter a SWIFT code whose fifth and sixth letters are ${letters}.`
  );
}

/**
 * Every field a person types: a compliance reviewer reads these before money leaves, and a direction control or a
 * zero-width character would show them other words than the ones the bank receives.
 */
const text = (max: number) =>
  z
    .string()
    .trim()
    .min(1, withdrawalMessages.required)
    .max(max)
    .refine(hasNoInvisibleCharacters, withdrawalMessages.invisibleCharacters);
const optionalText = (max: number) =>
  z.string().trim().max(max).refine(hasNoInvisibleCharacters, withdrawalMessages.invisibleCharacters).optional();

/**
 * Wire details. Which account fields are required depends on the country (wireSchemeFor): US, Canada, IBAN and SWIFT
 * where banks use IBANs, the account number and SWIFT elsewhere.
 */
export const ZWireDetails = z
  .strictObject({
    firstName: text(100),
    lastName: text(100),
    bankName: text(200),
    branch: text(200),
    address: text(300),
    city: text(100),
    state: text(100),
    zip: text(20),
    /**
     * The residential address's country, when it is not the bank's (a Canadian with an account at a US bank): its
     * ZIP or postal code is checked by that country's format. Absent (or empty, as a form's "same as the bank's"
     * sends it), the bank's country.
     */
    residenceCountry: z.union([z.literal(''), z.string().refine(isCountryCode, withdrawalMessages.country)]).optional(),
    country: z.string().refine(isCountryCode, withdrawalMessages.country),
    routingNumber: optionalText(20),
    accountNumber: optionalText(30),
    institutionNumber: optionalText(10),
    transitNumber: optionalText(10),
    iban: optionalText(50),
    swift: optionalText(20),
  })
  .superRefine((details, context) => {
    const check = (field: keyof typeof details, isValid: (value: string) => boolean, message: string) => {
      const value = details[field];
      if (!value) context.addIssue({ code: 'custom', path: [field], message: withdrawalMessages.required });
      else if (!isValid(value)) context.addIssue({ code: 'custom', path: [field], message });
    };
    const checkSwiftCountry = () => {
      const { swift, country } = details;
      if (swift && isSwiftCode(swift) && !isSwiftOfCountry(swift, country)) {
        context.addIssue({ code: 'custom', path: ['swift'], message: swiftCountryMismatchMessage(swift, country) });
      }
    };
    // The address is where the holder lives, which need not be where the bank is.
    const residence = wireSchemeFor(details.residenceCountry || details.country);
    if (residence === 'us') check('zip', isUsZipCode, withdrawalMessages.usZip);
    if (residence === 'ca') check('zip', isCanadianPostalCode, withdrawalMessages.caPostalCode);
    const scheme = wireSchemeFor(details.country);
    if (scheme === 'us') {
      check('routingNumber', isAbaRoutingNumber, withdrawalMessages.routingNumber);
      const { routingNumber } = details;
      if (routingNumber && isAbaRoutingNumber(routingNumber) && isElectronicRoutingNumber(routingNumber)) {
        context.addIssue({
          code: 'custom',
          path: ['routingNumber'],
          message: withdrawalMessages.electronicRoutingNumber,
        });
      }
      check('accountNumber', isBankAccountNumber, withdrawalMessages.accountNumber);
    } else if (scheme === 'ca') {
      check('institutionNumber', isInstitutionNumber, withdrawalMessages.institutionNumber);
      check('transitNumber', isTransitNumber, withdrawalMessages.transitNumber);
      check('accountNumber', isBankAccountNumber, withdrawalMessages.accountNumber);
    } else if (scheme === 'iban') {
      check('iban', isIban, withdrawalMessages.iban);
      check('swift', isSwiftCode, withdrawalMessages.swift);
      const { iban, country } = details;
      if (iban && isIban(iban) && countryOfIban(iban) !== ibanCountryFor(country)) {
        context.addIssue({ code: 'custom', path: ['iban'], message: ibanCountryMismatchMessage(iban, country) });
      }
      checkSwiftCountry();
    } else {
      check('accountNumber', isBankAccountNumber, withdrawalMessages.accountNumber);
      check('swift', isSwiftCode, withdrawalMessages.swift);
      checkSwiftCountry();
    }
  });
export type TWireDetails = z.infer<typeof ZWireDetails>;

/** A USDC (ERC-20) address, as the withdrawal and the saved addresses take it. */
export const ZUsdcAddress = z.string().trim().superRefine(evmAddressRefinement(withdrawalMessages.usdcAddress));

/** The spec's box confirming the given details are correct (section 5): a withdrawal's, and a saved bank account's. */
export const ZIsConfirmed = z.literal(true, { error: withdrawalMessages.isConfirmed });
/** One withdrawal's bounds in USD minor units: at least $1, at most $1,000,000. */
export const WITHDRAWAL_MIN_CENTS = 100;
export const WITHDRAWAL_MAX_CENTS = 100_000_000;
/**
 * Whether an amount is within a withdrawal's bounds: outside them the API answers AMOUNT_OUT_OF_BANDWIDTH, in the
 * spec's words (section 5), as a deposit's does; the schema takes any whole number of cents so that it can.
 */
export const isWithdrawalAmountInBandwidth = (amount: number) =>
  amount >= WITHDRAWAL_MIN_CENTS && amount <= WITHDRAWAL_MAX_CENTS;
/**
 * Money as everywhere in the API (`{ amount, currency }`, architecture 2b): US dollars only, since withdrawals pay out
 * from the USD balance. Any whole number of cents, so that the bandwidth is told in the spec's words.
 */
const withdrawalAmount = z.strictObject({ amount: ZRequestedCents, currency: z.literal('USD') });

/**
 * A withdrawal's amount must be at least its method's fee (the wire's $25.00, spec section 9, kept even if the
 * withdrawal is rejected): a $10.00 wire took $35.00 from the balance to send $10.00. Zero fees take any amount in the
 * bandwidth. The API answers WITHDRAWAL_BELOW_FEE with this under `amount`; the forms say it before sending.
 */
export function withdrawalBelowFeeMessage(
  method: TWithdrawalMethod,
  amountCents: number,
  feeCents: number,
): string | null {
  if (amountCents >= feeCents) return null;
  const fee = formatMoney({ amount: feeCents, currency: 'USD' });
  const way = method === 'wire' ? 'A wire' : 'A USDC withdrawal';
  return `${way} costs a ${fee} fee: withdraw at least ${fee} this way.`;
}

/**
 * An operator's reason for a rejection or a failed payout, closing our sentence ("…was rejected: Name does not
 * match."): the stop they typed is kept, never doubled. The notice, the email and the console say it the same way, and
 * name the fee only when there was one (a USDC withdrawal has none: "the $0.00 fee is kept" reads as a charge).
 */
export function withdrawalReasonSentence(reason: string | null): string {
  const words = (reason ?? '').trim() || 'no reason given';
  return /[.!?…]$/.test(words) ? words : `${words}.`;
}

export const ZCreateWithdrawalRequest = z.discriminatedUnion('method', [
  z.strictObject({
    method: z.literal('wire'),
    amount: withdrawalAmount,
    wire: ZWireDetails,
    isConfirmed: ZIsConfirmed,
  }),
  z.strictObject({
    method: z.literal('usdc'),
    amount: withdrawalAmount,
    address: ZUsdcAddress,
    isConfirmed: ZIsConfirmed,
  }),
]);
export type TCreateWithdrawalRequest = z.infer<typeof ZCreateWithdrawalRequest>;

export const ZWithdrawal = z.object({
  id: z.string(),
  method: z.enum(withdrawalMethods),
  status: z.enum(withdrawalStatuses),
  amount: ZMoney,
  fee: ZMoney,
  /** Where the money goes, masked: "Chase •••• 6789" or "0x12ab…cdef". */
  destination: z.string(),
  rejectionReason: z.string().nullable(),
  /**
   * Why an approved payout failed, as the person was told. Sent on every answer; optional when read so answers from
   * before the field existed (cached, or a test's fixture) still parse.
   */
  failureReason: z.string().nullable().default(null),
  /**
   * The payout's own reference, recorded when it was marked paid: the wire's bank reference or the USDC transaction
   * hash, so the person can find the money where it arrived. Optional when read, as `failureReason` is.
   */
  payoutReference: z.string().nullable().default(null),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type TWithdrawal = z.infer<typeof ZWithdrawal>;

/** A person as the console shows them: nickname (when they chose one) with the address. */
export const ZConsolePerson = z.object({ id: z.string(), email: z.string(), nickname: z.string().nullable() });
export type TConsolePerson = z.infer<typeof ZConsolePerson>;

/** The console's view adds who asked. */
export const ZConsoleWithdrawal = ZWithdrawal.extend({
  user: ZConsolePerson,
  /** The full details an admin pays to: the wire form's fields, or `{ address }` for USDC. */
  payoutDetails: z.record(z.string(), z.string()),
});
export type TConsoleWithdrawal = z.infer<typeof ZConsoleWithdrawal>;

/** One step of a withdrawal's life: `submitted` by the person, then each move an admin (or the command line) made. */
export const ZWithdrawalHistoryEntry = z.object({
  status: z.enum(withdrawalStatuses),
  /** Null for a move made from the command line. */
  by: ZConsolePerson.nullable(),
  /** The reason given with a rejection or a failed payout. */
  reason: z.string().nullable(),
  at: z.iso.datetime(),
});
export type TWithdrawalHistoryEntry = z.infer<typeof ZWithdrawalHistoryEntry>;

/** `GET /v1/console/withdrawals/:id` and the moves' answers: the console view with its history, oldest first. */
export const ZConsoleWithdrawalDetail = ZConsoleWithdrawal.extend({ history: z.array(ZWithdrawalHistoryEntry) });
export type TConsoleWithdrawalDetail = z.infer<typeof ZConsoleWithdrawalDetail>;

/** Newest first by default; `createdAt` gives the review queue, oldest first. */
export const consoleWithdrawalSorts = ['-createdAt', 'createdAt'] as const;
export const ZConsoleWithdrawalsQuery = ZPageQuery.extend({
  status: z.enum(withdrawalStatuses).optional(),
  sort: z.enum(consoleWithdrawalSorts).default('-createdAt'),
});
export type TConsoleWithdrawalsQuery = z.infer<typeof ZConsoleWithdrawalsQuery>;

/** The reason given with a rejection or a failed payout; the person is shown it. */
export const WITHDRAWAL_REASON_MAX_LENGTH = 500;
const ZWithdrawalReason = z.string().trim().min(1).max(WITHDRAWAL_REASON_MAX_LENGTH);

export const ZRejectWithdrawalRequest = z.strictObject({ reason: ZWithdrawalReason });
export type TRejectWithdrawalRequest = z.infer<typeof ZRejectWithdrawalRequest>;

/** A failed payout says why: the person is told, as with a rejection. */
export const ZFailWithdrawalRequest = z.strictObject({ reason: ZWithdrawalReason });
export type TFailWithdrawalRequest = z.infer<typeof ZFailWithdrawalRequest>;

/** The payout's reference as the bank or the chain gave it: a wire's reference, a transaction hash (66 characters). */
export const PAYOUT_REFERENCE_MAX_LENGTH = 100;
export const payoutReferenceMessages = {
  required: 'Please give the payout’s reference: the wire’s bank reference or the USDC transaction hash.',
  tooLong: `Please keep the reference to ${PAYOUT_REFERENCE_MAX_LENGTH} characters.`,
  usdcHash: 'A USDC payout’s reference is its transaction hash: 0x and 64 hexadecimal characters.',
};

/**
 * A USDC payout's reference must be its transaction hash, which finds it on the chain: a wallet address pasted in its
 * place (0x and 40) is the mistake this catches.
 */
export function isPayoutReferenceFor(method: TWithdrawalMethod, reference: string): boolean {
  return method !== 'usdc' || /^0x[0-9a-fA-F]{64}$/.test(reference);
}
/** Marking a withdrawal paid records the payout's reference; the person is shown it with the paid step. */
export const ZMarkWithdrawalPaidRequest = z.strictObject({
  payoutReference: z
    .string({ error: payoutReferenceMessages.required })
    .trim()
    .min(1, { error: payoutReferenceMessages.required })
    .max(PAYOUT_REFERENCE_MAX_LENGTH, { error: payoutReferenceMessages.tooLong }),
});
export type TMarkWithdrawalPaidRequest = z.infer<typeof ZMarkWithdrawalPaidRequest>;

/** What the web shows before submitting: the fee per method. */
export const ZWithdrawalFees = z.object({ wire: ZMoney, usdc: ZMoney });
export type TWithdrawalFees = z.infer<typeof ZWithdrawalFees>;
