import {
  amountMessages,
  CARD_EXPIRY_YEAR_MAX,
  CARD_EXPIRY_YEAR_MIN,
  cardExpiredMessage,
  formatMoney,
  INVALID_CARD_NUMBER_MESSAGE,
  isCardExpired,
  isValidCardNumber,
  TILIA_METHOD_LABEL_MAX_LENGTH,
  WITHDRAWAL_MAX_CENTS,
  WITHDRAWAL_MIN_CENTS,
  withdrawalBelowFeeMessage,
  withdrawalMessages,
  ZAddTiliaPaymentMethodRequest,
  ZAddWalletAddressRequest,
  ZDepositMethod,
  ZNameOnCard,
  ZUsdcAddress,
  ZWireDetails,
  type TDepositLimits,
  type TMoney,
  type TWithdrawalMethod,
} from '@cypher/contract';
import { z } from 'zod';
import { readAmount } from '../../lib/money-input.ts';

/**
 * The wallet forms, built from the contract's rules and words so the page says what the API would say before
 * asking it. Amounts are typed in dollars and sent in cents.
 */
const bandwidthMessage = amountMessages.outOfBandwidth;

/** Dollars as typed ("$1,234.50"), read by the rules every money box follows (lib/money-input.ts). */
const readDollars = (input: string) => readAmount(input, 'USD', 2);

/**
 * "1,234.5" -> 123450; anything that is not dollars with at most two decimals -> NaN. A comma counts only between
 * groups of three digits: "5,00" is someone's decimal comma, and read as a separator it would be $500.00.
 */
export function dollarsToCents(input: string): number {
  const reading = readDollars(input);
  return reading.isAmount ? reading.minorUnits : Number.NaN;
}

/** 1575 -> "15.75": cents as the amount field shows them (no separators, so it reads back as typed). */
export function centsToDollars(cents: number): string {
  return (cents / 100).toFixed(2);
}

/**
 * Any number at all, even one no amount may be ("-5", "0.001"): those are out of bandwidth, not "not a number".
 * Only text that is not a number ("abc", "12a", "5,00") is.
 */
function isNumberText(input: string): boolean {
  const reading = readDollars(input);
  return reading.isAmount || reading.problem === 'negative' || reading.problem === 'decimals';
}

/** "12.345" is a number but no amount of money: it is told so, not that it is outside the bandwidth. */
function isWholeCents(input: string): boolean {
  const reading = readDollars(input);
  return reading.isAmount || reading.problem !== 'decimals';
}

function usdAmount(minCents: number, maxCents: number) {
  return z
    .string()
    .trim()
    .min(1, { error: amountMessages.required, abort: true })
    .refine(isNumberText, { error: amountMessages.notANumber, abort: true })
    .refine(isWholeCents, { error: amountMessages.tooManyDecimals, abort: true })
    .transform(dollarsToCents)
    .pipe(
      z
        .number({ error: bandwidthMessage })
        .int(bandwidthMessage)
        .min(minCents, bandwidthMessage)
        .max(maxCents, bandwidthMessage),
    );
}

/** The add-funds form within the bandwidth the API publishes (GET /v1/deposits/limits); the API has the last word. */
export function addFundsForm(limits: TDepositLimits) {
  return z.object({
    method: ZDepositMethod,
    amount: usdAmount(limits.minimum.amount, limits.maximum.amount),
    /** A saved card or Tilia method's id; empty pays on the provider's checkout. */
    paymentMethodId: z.string().transform((id) => id || undefined),
  });
}

/** The hint under an amount field: the bandwidth the amount must be in, in the one money format. */
export function bandwidthHint(minCents: number, maxCents: number, per: 'payment' | 'withdrawal'): string {
  const usd = (amount: number) => formatMoney({ amount, currency: 'USD' });
  return `From ${usd(minCents)} to ${usd(maxCents)} per ${per}.`;
}

/**
 * Coming from a purchase short of funds: the amount to fill in (what is missing, brought into the bandwidth) and
 * the words that say where it comes from, before the bandwidth hint.
 */
export function shortfallAmount(shortfallCents: number, limits: TDepositLimits): { cents: number; note: string } {
  const cents = Math.min(Math.max(shortfallCents, limits.minimum.amount), limits.maximum.amount);
  const needs = `Your purchase needs ${formatMoney({ amount: shortfallCents, currency: 'USD' })} more`;
  if (shortfallCents < limits.minimum.amount) return { cents, note: `${needs}; the smallest payment is filled in.` };
  if (shortfallCents > limits.maximum.amount) return { cents, note: `${needs}; the largest payment is filled in.` };
  return { cents, note: `${needs}.` };
}

/** The smallest withdrawal: the bandwidth's floor, or the method's fee when that is more (the API's rule). */
export function smallestWithdrawalCents(fee: TMoney | undefined): number {
  return Math.max(WITHDRAWAL_MIN_CENTS, fee?.amount ?? 0);
}

/**
 * The most one request can take: the bandwidth's ceiling, or what the withdrawable balance leaves after the fee (the
 * API moves both into review); undefined until the balance is known.
 */
export function largestWithdrawalCents(fee: TMoney | undefined, withdrawable: TMoney | undefined): number | undefined {
  if (!withdrawable) return undefined;
  return Math.min(WITHDRAWAL_MAX_CENTS, withdrawable.amount - (fee?.amount ?? 0));
}

/**
 * The withdrawal amount's hint: from the smallest withdrawal to the most this balance allows, saying when that is the
 * balance, not the bandwidth.
 */
export function withdrawalBandwidthHint(fee: TMoney | undefined, withdrawable?: TMoney): string {
  const smallest = smallestWithdrawalCents(fee);
  const largest = largestWithdrawalCents(fee, withdrawable);
  if (largest === undefined || largest >= WITHDRAWAL_MAX_CENTS) {
    return bandwidthHint(smallest, WITHDRAWAL_MAX_CENTS, 'withdrawal');
  }
  const usd = (amount: number) => formatMoney({ amount, currency: 'USD' });
  if (largest < smallest) {
    return `From ${usd(smallest)}: with the fee that needs ${usd(smallest + (fee?.amount ?? 0))} withdrawable.`;
  }
  // One amount only ("From $25.00 to $25.00" said it twice): the least a request may take is all the balance allows.
  const range = largest === smallest ? `Exactly ${usd(largest)}` : `From ${usd(smallest)} to ${usd(largest)}`;
  return fee && fee.amount > 0
    ? `${range}: your withdrawable balance less the ${usd(fee.amount)} fee.`
    : `${range}: your withdrawable balance.`;
}

const isConfirmed = z.boolean().refine((value) => value, withdrawalMessages.isConfirmed);

/**
 * A withdrawal's amount: the bandwidth, then the method's fee as its floor (the API's WITHDRAWAL_BELOW_FEE, in its
 * words), so an amount under the fee is told on the first submit with every other field. Without the fee yet (still
 * loading) the API has the last word.
 */
function withdrawalAmount(method: TWithdrawalMethod, fee: TMoney | undefined) {
  return usdAmount(WITHDRAWAL_MIN_CENTS, WITHDRAWAL_MAX_CENTS).superRefine((amount, context) => {
    const belowFee = fee ? withdrawalBelowFeeMessage(method, amount, fee.amount) : null;
    if (belowFee) context.addIssue({ code: 'custom', message: belowFee });
  });
}

/** The wire form: the contract's ZWireDetails (which fields a country asks for, and their checks), as is. */
export function wireWithdrawalForm(fee: TMoney | undefined) {
  return z.object({ amount: withdrawalAmount('wire', fee), wire: ZWireDetails, isConfirmed });
}

export function usdcWithdrawalForm(fee: TMoney | undefined) {
  return z.object({ amount: withdrawalAmount('usdc', fee), address: ZUsdcAddress, isConfirmed });
}

/**
 * A saved bank account: the wire form's details (the same shared fields), as is, and the spec's box confirming the
 * bank information is correct (section 5: required wherever bank details are given, not only on a withdrawal).
 */
export const ZBankAccountForm = z.object({ wire: ZWireDetails, isConfirmed });

export const ZWalletAddressForm = ZAddWalletAddressRequest;

/** The card form: the contract's card rules; an expiry already past is refused here as the API would. */
export const ZCardForm = z
  .object({
    nameOnCard: ZNameOnCard,
    cardNumber: z.string().refine(isValidCardNumber, INVALID_CARD_NUMBER_MESSAGE),
    expMonth: z.coerce.number({ error: withdrawalMessages.required }).int().min(1, withdrawalMessages.required).max(12),
    expYear: z.coerce
      .number({ error: withdrawalMessages.required })
      .int()
      .min(CARD_EXPIRY_YEAR_MIN, withdrawalMessages.required)
      .max(CARD_EXPIRY_YEAR_MAX),
  })
  .refine((card) => !isCardExpired(card, new Date()), { path: ['expMonth'], error: cardExpiredMessage });

export const ZTiliaMethodForm = ZAddTiliaPaymentMethodRequest.extend({
  label: z.string().trim().min(1, withdrawalMessages.required).max(TILIA_METHOD_LABEL_MAX_LENGTH),
});
