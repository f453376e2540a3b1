import { claimBuyerHash, nextChainHash } from '@cypher/contract';
import { describe, expect, it } from 'vitest';
import { sha256Hex } from './sha256-hex.ts';

describe('sha256Hex', () => {
  it('is the digest the contract computes in JavaScript for the browser, so a log the server chains checks out there', () => {
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    const line = 'CLAIMED 12 01a2 9f3c 2026-11-22T01:00:00.000Z · Nöel 🎟';
    expect(nextChainHash('commitment', line, sha256Hex)).toBe(nextChainHash('commitment', line));
    expect(claimBuyerHash('salt', 'user', sha256Hex)).toBe(claimBuyerHash('salt', 'user'));
  });
});
