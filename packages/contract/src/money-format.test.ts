import { describe, expect, it } from 'vitest';
import { formatMoney, formatNumber, usdCentsToCyp } from './money-format.ts';

describe('formatMoney', () => {
  it.each([
    [0, '$0.00'],
    [5, '$0.05'],
    [99, '$0.99'],
    [100, '$1.00'],
    [2500, '$25.00'],
    [123456, '$1,234.56'],
    [123456789, '$1,234,567.89'],
    [-250, '-$2.50'],
    [-123456789, '-$1,234,567.89'],
  ])('USD %i minor units → %s', (amount, text) => {
    expect(formatMoney({ amount, currency: 'USD' })).toBe(text);
  });

  it.each([
    [0, '0.00 CYP'],
    [1, '0.01 CYP'],
    [150000, '1,500.00 CYP'],
    [-100000000, '-1,000,000.00 CYP'],
  ])('CYP %i minor units → %s', (amount, text) => {
    expect(formatMoney({ amount, currency: 'CYP' })).toBe(text);
  });

  it('uses the configured CYP decimals, including none', () => {
    expect(formatMoney({ amount: 1234567, currency: 'CYP' }, { cypMinorUnits: 0 })).toBe('1,234,567 CYP');
    expect(formatMoney({ amount: 0, currency: 'CYP' }, { cypMinorUnits: 0 })).toBe('0 CYP');
    expect(formatMoney({ amount: 1234567, currency: 'CYP' }, { cypMinorUnits: 4 })).toBe('123.4567 CYP');
  });

  it('is exact beyond the float range and refuses fractional amounts', () => {
    expect(formatMoney({ amount: 900719925474099312n, currency: 'USD' })).toBe('$9,007,199,254,740,993.12');
    expect(() => formatMoney({ amount: 1.5, currency: 'USD' })).toThrow(RangeError);
  });
});

describe('formatNumber', () => {
  it.each([
    [0, 0, '0'],
    [-0, 0, '0'],
    [-0.001, 2, '0.00'],
    [999, 0, '999'],
    [1000, 0, '1,000'],
    [1234567.891, 2, '1,234,567.89'],
    [-1234, 0, '-1,234'],
    [0, 2, '0.00'],
  ])('%d with %i decimals → %s', (value, decimals, text) => {
    expect(formatNumber(value, decimals)).toBe(text);
  });
});

describe('usdCentsToCyp', () => {
  it.each([
    [1500, 100, 2, 150_000],
    [1, 100, 2, 100],
    [1, 1, 0, 0],
    [50, 1, 0, 1],
    [1999, 150, 3, 2_998_500],
  ])('%d cents at %d CYP per USD, %d decimals → %d', (cents, cypPerUsd, minorUnits, expected) => {
    expect(usdCentsToCyp(cents, { cypPerUsd, minorUnits })).toBe(expected);
  });
});
