import type { TCurrency } from '@cypher/contract';

/**
 * Amounts typed into boxes: the console's prices and grants, and the wallet's add-funds and withdrawal amounts. People
 * type money as it is shown everywhere else, in major units (12.50 for $12.50, 5 for 5.00 CYP); the API and the
 * ledger count integer minor units (cents, or CYP's configured minor unit). These read what was typed into minor units
 * and write minor units back as the box shows them, with integer arithmetic only, so 0.29 is 29 and never 28.999….
 */

/** What a box holds, read as an amount with at most `decimals` decimals. */
export type TAmountReading =
  | { isAmount: true; minorUnits: number }
  | {
      isAmount: false;
      /** empty: nothing typed; format: not a number; decimals: more decimals than the unit has; negative: below zero. */
      problem: 'empty' | 'format' | 'decimals' | 'negative';
    };

/**
 * "12.5", "$12.50", "1,000", ".99" (USD), "5", "5 CYP" (CYP) -> minor units at `decimals` (zero included): the unit as
 * it is written (a `$` before dollars, `CYP` after CYP), thousands separators and spaces around it are allowed.
 */
export function readAmount(text: string, currency: TCurrency, decimals: number): TAmountReading {
  const unit = currency === 'USD' ? /^\$/ : /\s*CYP$/i;
  const written = text.trim().replace(unit, '').trim();
  if (written === '') return { isAmount: false, problem: 'empty' };
  // A comma only between groups of three digits ("1,500.25"): "5,50" is someone's decimal comma, which read as a
  // thousands separator would give a hundred times the amount meant.
  const wholeWritten = written.split('.')[0]!.replace(/^-/, '');
  if (wholeWritten.includes(',') && !/^\d{1,3}(,\d{3})+$/.test(wholeWritten))
    return { isAmount: false, problem: 'format' };
  if (
    written
      .split('.')
      .slice(1)
      .some((part) => part.includes(','))
  )
    return { isAmount: false, problem: 'format' };
  const cleaned = written.replaceAll(',', '');
  const match = /^(-?)(\d*)(?:\.(\d*))?$/.exec(cleaned);
  const [, sign = '', whole = '', fraction = ''] = match ?? [];
  if (!match || (whole === '' && fraction === '') || (match[3] !== undefined && fraction === '')) {
    return { isAmount: false, problem: 'format' };
  }
  if (sign === '-' && /[1-9]/.test(whole + fraction)) return { isAmount: false, problem: 'negative' };
  if (fraction.length > decimals) return { isAmount: false, problem: 'decimals' };
  const digits = `${whole}${fraction.padEnd(decimals, '0')}`.replace(/^0+(?=\d)/, '');
  return { isAmount: true, minorUnits: Number(digits) };
}

/** A typed amount in minor units at `decimals`, or null when it is not a plain amount of zero or more. */
export function parseAmount(text: string, currency: TCurrency, decimals: number): number | null {
  const reading = readAmount(text, currency, decimals);
  return reading.isAmount ? reading.minorUnits : null;
}

/** Minor units -> what the box shows: 150000 at 2 decimals -> "1,500.00" (the spec's separators and fixed decimals). */
export function amountText(minorUnits: number, decimals: number): string {
  const digits = Math.abs(Math.trunc(minorUnits))
    .toString()
    .padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const fraction = decimals > 0 ? `.${digits.slice(digits.length - decimals)}` : '';
  return `${minorUnits < 0 ? '-' : ''}${whole}${fraction}`;
}

/** "5.00" at 2 decimals, "5" at none: an example in the unit's own shape, for hints and messages. */
export function exampleAmount(major: number, decimals: number): string {
  return amountText(major * 10 ** decimals, decimals);
}
