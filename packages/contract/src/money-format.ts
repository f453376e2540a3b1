import type { TCurrency } from './envelope.ts';

/**
 * Decimals of the CYP unit when the API has not said otherwise. The API reads `CYP_MINOR_UNITS` from its configuration
 * and answers it with the balances, so the web formats with the same number the ledger counts in.
 */
export const DEFAULT_CYP_MINOR_UNITS = 2;
/** CYP per USD when the API has not said otherwise (`CYP_PER_USD`). */
export const DEFAULT_CYP_PER_USD = 100;

export interface TMoneyFormatOptions {
  /** Decimals of one CYP; USD always has 2 (cents). */
  cypMinorUnits?: number;
}

/** Decimals of a currency's minor unit. */
export function minorUnitsOf(currency: TCurrency, options: TMoneyFormatOptions = {}): number {
  return currency === 'USD' ? 2 : (options.cypMinorUnits ?? DEFAULT_CYP_MINOR_UNITS);
}

function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/**
 * Spec section 5: thousands separators, a fixed number of decimals per unit, zero shown as zero. Integer minor units
 * in, text out, with integer arithmetic only (no float rounding): `{1234567, USD}` → `$12,345.67`,
 * `{-250, USD}` → `-$2.50`, `{0, USD}` → `$0.00`, `{150000, CYP}` → `1,500.00 CYP`, `{0, CYP}` → `0.00 CYP`.
 * Zero keeps the unit's decimals, so a column of amounts lines up; it is never blank, "-" or "—".
 */
export function formatMoney(
  money: { amount: number | bigint; currency: TCurrency },
  options: TMoneyFormatOptions = {},
): string {
  const decimals = minorUnitsOf(money.currency, options);
  if (typeof money.amount === 'number' && !Number.isSafeInteger(money.amount)) {
    throw new RangeError(`money amounts are integer minor units, got ${money.amount}`);
  }
  const amount = BigInt(money.amount);
  const isNegative = amount < 0n;
  const digits = (isNegative ? -amount : amount).toString().padStart(decimals + 1, '0');
  const whole = groupThousands(digits.slice(0, digits.length - decimals));
  const fraction = decimals > 0 ? `.${digits.slice(digits.length - decimals)}` : '';
  const sign = isNegative ? '-' : '';
  return money.currency === 'USD' ? `${sign}$${whole}${fraction}` : `${sign}${whole}${fraction} CYP`;
}

/**
 * Counts and plain numbers (editions, supply, quantities): thousands separators and `decimals` fixed decimals
 * (default none). Zero is "0" (or "0.00"); minus zero is zero.
 */
export function formatNumber(value: number, decimals = 0): string {
  if (!Number.isFinite(value)) throw new RangeError(`not a finite number: ${value}`);
  const text = numberFormatWith(decimals).format(value);
  return /^-0(\.0+)?$/.test(text) ? text.slice(1) : text;
}

/** One formatter per number of decimals: building one costs far more than formatting, and lists format every card. */
const numberFormats = new Map<number, Intl.NumberFormat>();
function numberFormatWith(decimals: number): Intl.NumberFormat {
  let format = numberFormats.get(decimals);
  if (!format) {
    format = new Intl.NumberFormat('en-US', {
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
      useGrouping: true,
    });
    numberFormats.set(decimals, format);
  }
  return format;
}

/** An edition's number among its product's: "#12 / 500", or "#12" for an open edition (no edition size). */
export function formatEditionNumber(serialNumber: number, editionSize: number | null): string {
  const serial = `#${formatNumber(serialNumber)}`;
  return editionSize === null ? serial : `${serial} / ${formatNumber(editionSize)}`;
}

/**
 * USD cents in CYP minor units at a rate of `cypPerUsd`, rounded to the nearest unit: what a price is "in CYP" beside
 * its USD amount. The API answers prices in both; the web converts with the unit the balances answer.
 */
export function usdCentsToCyp(cents: number, unit: { cypPerUsd: number; minorUnits: number }): number {
  return Math.round((cents / 100) * unit.cypPerUsd * 10 ** unit.minorUnits);
}

/**
 * CYP minor units one USD cent costs in CYP credit (100 CYP to the dollar, two decimals: 100), when that is a whole
 * number; else null, and credit pays for nothing. A purchase from the balance spends credit first, in whole cents.
 */
export function cypPerUsdCent(unit: { cypPerUsd: number; minorUnits: number }): number | null {
  const perCent = (unit.cypPerUsd * 10 ** unit.minorUnits) / 100;
  return Number.isSafeInteger(perCent) && perCent > 0 ? perCent : null;
}

/** The USD cents a CYP credit balance pays for: whole cents only, as the purchase spends it. */
export function creditCents(cypCredit: number, unit: { cypPerUsd: number; minorUnits: number }): number {
  const perCent = cypPerUsdCent(unit);
  return perCent ? Math.floor(Math.max(0, cypCredit) / perCent) : 0;
}
