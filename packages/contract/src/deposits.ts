import { z } from 'zod';
import { ZQueryBoolean } from './catalog.ts';
import { ZMoney, ZPageQuery, ZRequestedCents, ZUuid } from './envelope.ts';
import { errorCatalogue } from './errors.ts';
import { hasNoInvisibleCharacters } from './invisible-characters.ts';

export const depositMethods = ['card', 'crypto', 'tilia'] as const;
export type TDepositMethod = (typeof depositMethods)[number];
export const ZDepositMethod = z.enum(depositMethods);

export const depositStatuses = ['created', 'pending', 'succeeded', 'failed', 'expired'] as const;

/**
 * A deposit's `failureReason` when the provider received another amount than it asked for: nothing is credited, the
 * money is held for review and refunded by an operator (payment reviews), and the checkout no longer waits.
 */
export const DEPOSIT_AMOUNT_MISMATCH = 'amount_mismatch';
export type TDepositStatus = (typeof depositStatuses)[number];

/** Defaults of DEPOSIT_MIN_CENTS and DEPOSIT_MAX_CENTS; the API answers AMOUNT_OUT_OF_BANDWIDTH outside them. */
export const DEFAULT_DEPOSIT_MIN_CENTS = 500;
export const DEFAULT_DEPOSIT_MAX_CENTS = 1_000_000;

/**
 * What an amount field says (adding funds, withdrawing), checked in this order: nothing typed, then something that is
 * not a number at all ("abc"), then a number outside the bandwidth, in spec section 5's words. A non-number is not
 * called out of bandwidth: that would tell someone who typed letters to change the size of the amount.
 */
export const amountMessages = {
  required: 'Please enter an amount.',
  notANumber: 'Enter an amount in numbers, for example 25.00.',
  tooManyDecimals: 'Enter the amount in dollars and cents: at most two decimals, for example 12.35.',
  outOfBandwidth: errorCatalogue.AMOUNT_OUT_OF_BANDWIDTH.message,
} as const;

/** `GET /v1/deposits/limits`: the configured bandwidth of one deposit, so the web says what the API enforces. */
export const ZDepositLimits = z.object({ minimum: ZMoney, maximum: ZMoney });
export type TDepositLimits = z.infer<typeof ZDepositLimits>;

export const ZCreateDepositRequest = z.strictObject({
  method: ZDepositMethod,
  amount: z.strictObject({
    // Any whole number of cents: outside the bandwidth (zero and below included) the API answers
    // AMOUNT_OUT_OF_BANDWIDTH in the spec's words, not the schema's.
    amount: ZRequestedCents,
    currency: z.literal('USD'),
  }),
  /**
   * Pay with a saved method instead of a checkout: a /v1/cards id for `card`, a /v1/tilia/payment-methods id for
   * `tilia` (crypto has none). The deposit is then confirmed asynchronously; poll GET /v1/deposits/:id.
   */
  paymentMethodId: ZUuid.optional(),
});
export type TCreateDepositRequest = z.infer<typeof ZCreateDepositRequest>;

export const ZCreateDepositResponse = z.object({
  depositId: z.string(),
  /**
   * Where to send the person to pay; null for a saved-method charge (`paymentMethodId`), which needs no page: the
   * client goes to its own `/payment?deposit=<depositId>` and polls GET /v1/deposits/:id instead.
   */
  checkoutUrl: z.string().nullable(),
  status: z.enum(depositStatuses),
});
export type TCreateDepositResponse = z.infer<typeof ZCreateDepositResponse>;

/**
 * Money a provider received for a deposit that could not take it (another amount than asked, or a payment after the
 * deposit had failed), held for our team to review and refund (payment reviews): `resolvedAt` is null while a review
 * is open, else when the last one ended. A deposit or order with no held payment has none (null).
 */
export const ZHeldPayment = z.object({ resolvedAt: z.iso.datetime().nullable() });
export type THeldPayment = z.infer<typeof ZHeldPayment>;

/**
 * A deposit as its owner sees it (`GET /v1/deposits/:id`, the items of `GET /v1/deposits`); the web's
 * `/payment?deposit=<id>` return page polls it until the status is final (succeeded, failed, expired).
 */
export const ZDeposit = z.object({
  id: z.string(),
  method: ZDepositMethod,
  status: z.enum(depositStatuses),
  amount: ZMoney,
  createdAt: z.string(),
  updatedAt: z.string(),
  /** A plain code once failed or expired, for example `card_declined`, `insufficient_funds`, `expired`; else null. */
  failureReason: z.string().nullable(),
  /** What paid, for example "Visa •••• 4242", once known; else null. */
  paymentMethod: z.string().nullable(),
  /** The provider's checkout while the deposit is pending and has one; else null. */
  checkoutUrl: z.string().nullable(),
  /**
   * While the deposit is open (created or pending): when it stops waiting for the payment and expires, if it has such a
   * time (a saved method's charge has none: it ends when the provider answers); else null.
   */
  expiresAt: z.string().nullable(),
  /** The purchase it pays (its status page: purchaseStatusPath); null for a deposit that adds funds. */
  orderId: z.string().nullable(),
  heldPayment: ZHeldPayment.nullable(),
});
export type TDeposit = z.infer<typeof ZDeposit>;

/** The statuses of a deposit the provider may still pay: it blocks an account's deletion until it ends. */
export const openDepositStatuses = ['created', 'pending'] as const satisfies readonly TDepositStatus[];

/** The statuses of a deposit that ended without being paid: the provider declined it, or its checkout expired. */
export const unpaidDepositStatuses = ['failed', 'expired'] as const satisfies readonly TDepositStatus[];

/**
 * `GET /v1/deposits`: a page of mine, newest first; `isOpen=true` for only those still in progress, `isUnpaid=true`
 * for only those that ended without being paid (failed or expired), and `false` for the others in either case.
 */
export const ZMyDepositsQuery = ZPageQuery.extend({
  isOpen: ZQueryBoolean.optional(),
  isUnpaid: ZQueryBoolean.optional(),
});
export type TMyDepositsQuery = z.infer<typeof ZMyDepositsQuery>;

/** The catalogue's words for INVALID_CARD_NUMBER, which the card forms show under the number. */
export const INVALID_CARD_NUMBER_MESSAGE = errorCatalogue.INVALID_CARD_NUMBER.message;

/**
 * The Luhn check every card number passes; spaces and dashes are ignored, 12 to 19 digits. No card number starts with
 * 0 (ISO/IEC 7812 gives that first digit to no card issuer), so "0000 0000 0000 0000", which passes Luhn, does not.
 */
export function isValidCardNumber(input: string): boolean {
  const digits = input.replace(/[\s-]/g, '');
  if (!/^[1-9]\d{11,18}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** The coins the crypto checkout takes (a Coinbase-Commerce-style charge). */
export const cryptoDepositCurrencies = [
  { code: 'ETH', name: 'Ethereum', network: 'Ethereum' },
  { code: 'BTC', name: 'Bitcoin', network: 'Bitcoin' },
  { code: 'BCH', name: 'Bitcoin Cash', network: 'Bitcoin Cash' },
  { code: 'USDC', name: 'USD Coin', network: 'Ethereum (ERC-20)' },
  { code: 'DAI', name: 'Dai', network: 'Ethereum (ERC-20)' },
] as const;

export const CRYPTO_NETWORK_WARNING =
  'Send only the listed coins on the listed networks. Funds sent on any other network or in any other coin are lost and cannot be recovered.';

export const ZCryptoDepositCurrencies = z.object({
  currencies: z.array(z.object({ code: z.string(), name: z.string(), network: z.string() })),
  warning: z.string(),
});
export type TCryptoDepositCurrencies = z.infer<typeof ZCryptoDepositCurrencies>;

/** A saved card: only what a person needs to recognise it, plus the provider's token. Never the whole number. */
export const ZSavedCard = z.object({
  id: z.string(),
  /** Null for cards saved before the name was asked for. */
  nameOnCard: z.string().nullable(),
  brand: z.string(),
  last4: z.string(),
  expMonth: z.number().int(),
  expYear: z.number().int(),
  createdAt: z.string(),
});
export type TSavedCard = z.infer<typeof ZSavedCard>;

/** Spec section 5, "Card: name as on card". */
export const nameOnCardMessage = 'Please enter the name as it appears on the card (2 to 100 characters).';
export const nameOnCardInvisibleMessage =
  'The name on the card cannot hold invisible characters (a zero-width space, a direction mark): please type it again.';
/** Without invisible characters: a direction control would make the name shown differ from the name sent with the card. */
export const ZNameOnCard = z
  .string()
  .trim()
  .min(2, nameOnCardMessage)
  .max(100, nameOnCardMessage)
  .refine(hasNoInvisibleCharacters, nameOnCardInvisibleMessage);

/** The years a card's expiry may name at all; whether it is still good is isCardExpired's question. */
export const CARD_EXPIRY_YEAR_MIN = 2000;
export const CARD_EXPIRY_YEAR_MAX = 2100;
export const cardExpiredMessage = 'This card has expired.';

/** A card is good through the last day of its expiry month (UTC), so this month's expiry still pays. */
export function isCardExpired({ expMonth, expYear }: { expMonth: number; expYear: number }, now: Date): boolean {
  const year = now.getUTCFullYear();
  return expYear < year || (expYear === year && expMonth < now.getUTCMonth() + 1);
}

/**
 * How many cards and Tilia payment methods a person keeps saved. Each save goes to the payment provider (a card is
 * tokenised), so an account that could save without end is a tool for trying stolen card numbers one after another.
 */
export const MAX_SAVED_CARDS = 10;
export const MAX_TILIA_PAYMENT_METHODS = 5;

export const ZAddCardRequest = z.strictObject({
  nameOnCard: ZNameOnCard,
  cardNumber: z.string().trim().min(1).max(30),
  expMonth: z.number().int().min(1).max(12),
  expYear: z.number().int().min(CARD_EXPIRY_YEAR_MIN).max(CARD_EXPIRY_YEAR_MAX),
});
export type TAddCardRequest = z.infer<typeof ZAddCardRequest>;

/** The card brand from its number's prefix, as shown on receipts and saved cards. */
export function cardBrandOf(digits: string): string {
  if (digits.startsWith('4')) return 'Visa';
  if (/^5[1-5]/.test(digits) || /^2[2-7]/.test(digits)) return 'Mastercard';
  if (/^3[47]/.test(digits)) return 'American Express';
  if (/^6(011|5)/.test(digits)) return 'Discover';
  return 'Card';
}

export const tiliaPaymentMethodTypes = ['tilia_wallet', 'card', 'bank_account'] as const;

/** A payment method kept in the person's Tilia account (the sandbox stores only the label and a token). */
export const ZTiliaPaymentMethod = z.object({
  id: z.string(),
  type: z.enum(tiliaPaymentMethodTypes),
  label: z.string(),
  createdAt: z.string(),
});
export type TTiliaPaymentMethod = z.infer<typeof ZTiliaPaymentMethod>;

/** What a person calls a Tilia payment method ("My Tilia wallet"). */
export const TILIA_METHOD_LABEL_MAX_LENGTH = 60;
export const tiliaMethodLabelInvisibleMessage =
  'A label cannot hold invisible characters (a zero-width space, a direction mark): please type it again.';

export const ZAddTiliaPaymentMethodRequest = z.strictObject({
  type: z.enum(tiliaPaymentMethodTypes),
  // A person picks a method to pay by its label: two labels alike on screen must not be two different texts.
  label: z
    .string()
    .trim()
    .min(1)
    .max(TILIA_METHOD_LABEL_MAX_LENGTH)
    .refine(hasNoInvisibleCharacters, tiliaMethodLabelInvisibleMessage),
});
export type TAddTiliaPaymentMethodRequest = z.infer<typeof ZAddTiliaPaymentMethodRequest>;
