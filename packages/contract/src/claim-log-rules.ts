import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/**
 * A drop's claim log (decision record 23), the same code on the server that seals it and in the browser that checks
 * it. Every claim of a pack by an order (and every release of a held pack) is one entry; sealing chains the entries:
 *
 *   chain(0) = the drop's provenance commitment
 *   chain(i) = hex(SHA-256(chain(i - 1) + "\n" + claimLogLine(entry i)))
 *
 * so each published head (position and chain hash) commits to every entry before it, and the log is bound to the
 * contents the drop committed to. The head is public while the drop sells; the entries are published with the reveal.
 * A buyer finds their entries by their order id and checks `buyerHash` with their order's secret salt.
 *
 * No zod here (decision record 20): the public provenance page checks the log with these functions, and the schemas
 * of the API's answers live in claim-log.ts, built on these types.
 */

export const packClaimKinds = ['CLAIMED', 'RELEASED'] as const;
export type TPackClaimKind = (typeof packClaimKinds)[number];

/** One sealed entry, as `GET /v1/drops/{id}/claim-log` answers it (ZClaimLogEntry). */
export interface TClaimLogEntry {
  position: number;
  kind: TPackClaimKind;
  packNumber: number;
  orderId: string;
  buyerHash: string;
  /** ISO 8601 in UTC. */
  at: string;
  chainHash: string;
}

/** The sealed part of the log: how many entries, and the chain hash of the last (the commitment when none). */
export interface TClaimLogHead {
  length: number;
  chainHash: string;
}

/** The text an entry is chained by: `CLAIMED 12 <orderId> <buyerHash> 2026-11-22T01:00:00.000Z`. */
export function claimLogLine(
  entry: Pick<TClaimLogEntry, 'kind' | 'packNumber' | 'orderId' | 'buyerHash' | 'at'>,
): string {
  return `${entry.kind} ${entry.packNumber} ${entry.orderId} ${entry.buyerHash} ${entry.at}`;
}

/** The chain hash after `previous` for an entry's line; the server hands in node's SHA-256 (the same digest). */
export function nextChainHash(previous: string, line: string, hash: (text: string) => string = sha256Hex): string {
  return hash(`${previous}\n${line}`);
}

/** SHA-256 of a text, in hex: pure JavaScript here, so the browser checks the log exactly as the server wrote it. */
function sha256Hex(text: string): string {
  return bytesToHex(sha256(utf8ToBytes(text)));
}

/**
 * Who bought, as the log says it: only someone who knows the order's salt and the buyer's id can match it. The server
 * hands in node's own SHA-256 (the same digest, a fraction of the CPU on each purchase of a rush), as for the chain.
 */
export function claimBuyerHash(buyerSalt: string, userId: string, hash: (text: string) => string = sha256Hex): string {
  return hash(`${buyerSalt}:${userId}`);
}

export interface TClaimLogVerdict {
  /** Every entry's chain hash follows from the one before, starting at the commitment, and positions have no gap. */
  isChainMatched: boolean;
  /** The position of the first entry that breaks the chain, or null. */
  brokenAt: number | null;
}

/**
 * Checks entries `1..n` of a log (all of them, from the start) against the drop's commitment. A head recorded earlier
 * (during the sale) is checked by finding its chain hash at its position in the verified entries.
 */
export function verifyClaimLog(commitment: string, entries: readonly TClaimLogEntry[]): TClaimLogVerdict {
  let previous = commitment;
  for (const [index, entry] of entries.entries()) {
    const expected = nextChainHash(previous, claimLogLine(entry));
    if (entry.position !== index + 1 || entry.chainHash !== expected)
      return { isChainMatched: false, brokenAt: index + 1 };
    previous = expected;
  }
  return { isChainMatched: true, brokenAt: null };
}

/**
 * The pack numbers an order holds according to the log: claimed and not released since. What a buyer compares with
 * the numbers of the packs they own.
 */
export function packNumbersOfOrder(entries: readonly TClaimLogEntry[], orderId: string): number[] {
  const held = new Set<number>();
  for (const entry of entries) {
    if (entry.orderId !== orderId) continue;
    if (entry.kind === 'CLAIMED') held.add(entry.packNumber);
    else held.delete(entry.packNumber);
  }
  return [...held].sort((a, b) => a - b);
}
