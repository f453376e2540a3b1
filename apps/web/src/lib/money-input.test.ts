import { describe, expect, it } from 'vitest';
import { amountText, parseAmount, readAmount } from './money-input.ts';

describe('amounts typed in a console box', () => {
  it.each([
    ['5', 2, 500],
    ['5.2', 2, 520],
    ['0.29', 2, 29],
    ['1,500.25', 2, 150_025],
    ['1,500', 2, 150_000],
    ['12,345,678.9', 2, 1_234_567_890],
    [' 5 CYP ', 2, 500],
    ['5cyp', 2, 500],
    ['.5', 2, 50],
    ['5', 0, 5],
    ['5.1234', 4, 51_234],
    ['0', 2, 0],
  ])('reads %j CYP at %i decimals as %i minor units', (text, decimals, minorUnits) =>
    expect(readAmount(text, 'CYP', decimals)).toEqual({ isAmount: true, minorUnits }),
  );

  it.each([
    ['', 2, 'empty'],
    ['  ', 2, 'empty'],
    ['five', 2, 'format'],
    ['5.', 2, 'format'],
    ['1.2.3', 2, 'format'],
    // A decimal comma is not a thousands separator: "5,50" would otherwise be 550.00.
    ['5,50', 2, 'format'],
    ['1,2,3', 2, 'format'],
    ['12,34.5', 2, 'format'],
    ['1.500,25', 2, 'format'],
    [',500', 2, 'format'],
    ['$5', 2, 'format'],
    ['5.255', 2, 'decimals'],
    ['5.5', 0, 'decimals'],
    ['-3', 2, 'negative'],
    ['-0.01', 2, 'negative'],
  ] as const)('refuses %j CYP at %i decimals: %s', (text, decimals, problem) =>
    expect(readAmount(text, 'CYP', decimals)).toEqual({ isAmount: false, problem }),
  );

  it('takes a dollar sign before dollars only', () => {
    expect(parseAmount('$12.50', 'USD', 2)).toBe(1250);
    expect(parseAmount('12 CYP', 'USD', 2)).toBeNull();
  });

  it.each([
    [500, 2, '5.00'],
    [150_025, 2, '1,500.25'],
    [1_000_000_000, 2, '10,000,000.00'],
    [0, 2, '0.00'],
    [7, 2, '0.07'],
    [500, 0, '500'],
    [51_234, 4, '5.1234'],
  ])('shows %i minor units at %i decimals as %j', (minorUnits, decimals, text) =>
    expect(amountText(minorUnits, decimals)).toBe(text),
  );
});
