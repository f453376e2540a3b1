import { describe, expect, it } from 'vitest';
import { formatRedeemCode, normalizeRedeemCode } from './redeems.ts';

describe('normalizeRedeemCode', () => {
  it('reads a code as typed: any case, spaces, and O, I and L for 0, 1 and 1', () => {
    expect(normalizeRedeemCode(' 7k3m 9qxd-2f4h-wn8c ')).toBe('7K3M9QXD2F4HWN8C');
    expect(normalizeRedeemCode('O1IL-0000-0000-0000')).toBe('0111000000000000');
  });

  // Session 72's hunt: a code pasted from a document with en dashes was not found.
  it('takes any dash as a separator: en and em dashes, non-breaking hyphens, the minus sign, a soft hyphen', () => {
    for (const dash of ['\u2013', '\u2014', '\u2011', '\u2010', '\u2212', '\u00AD', '-\u200B', '\u2060']) {
      expect(normalizeRedeemCode(['7K3M', '9QXD', '2F4H', 'WN8C'].join(dash)), JSON.stringify(dash)).toBe(
        '7K3M9QXD2F4HWN8C',
      );
    }
    expect(formatRedeemCode('7K3M9QXD2F4HWN8C')).toBe('7K3M-9QXD-2F4H-WN8C');
  });
});
