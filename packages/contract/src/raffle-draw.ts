import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { formatNumber } from './money-format.ts';

/**
 * The verifiable raffle draw of a sale round (decision record 26), the same code on the server that draws and in the
 * browser that checks:
 *
 *   commitment     = hex(SHA-256(seed))                     published when registration opens
 *   score(entry)   = SHA-256(seed ‖ ":" ‖ UTF-8(entry))     seed as its 32 bytes, the entry its public handle
 *   draw order     = every entry by score ascending (bytes compared as unsigned big-endian numbers)
 *   a draw         = the first `places` entries in draw order that are not excluded
 *
 * The first draw excludes nobody; the second (places not bought in time) excludes the first draw's winners, so it
 * takes the next entries of the same order: the waiting list is fixed by the first draw. Each entry's score depends
 * only on the seed and its own handle, so the order the server stored the entries in cannot matter, and an entry
 * added to the list cannot reorder the others (the record says why that matters).
 *
 * Route: none of its own (the API's `GET /v1/raffles/{roundId}` answers raffles.ts's ZRaffleDraw) · Writes: nothing ·
 * Reads: nothing · UI: features/drops/raffle-draw-page.tsx recomputes a draw in the browser · Tests: raffle-draw.test.ts.
 * No zod here (decision record 20): the public raffle page loads these functions without it.
 */

export const RAFFLE_DRAW_ALGORITHM = 'sha256-rank-v1';

/**
 * How many packs a place won in a raffle round lets its winner buy in that round, over any number of orders: the
 * round's per-person limit, or one pack where the round sets none. A place is a share of the round's packs (the
 * console gives a raffle no more places than raffleMaxPlaces); without this one winner of a round with no limit could
 * buy every pack the other winners won places for. The API's purchases and the drop page's "how many may I still buy"
 * both count it.
 */
export function raffleWinnerLimit(perPersonLimit: number | null): number {
  return perPersonLimit ?? 1;
}

/**
 * The most places `packCount` packs make when every winner may buy their whole share (raffleWinnerLimit): the packs
 * shared out a share per place, the last place taking what is left (at least one pack). More, and the last winners
 * would pay their entry and find the round sold out; fewer would leave packs nobody may buy (10 packs at 3 a person
 * make 4 places, the fourth for one pack; 2 packs at 3 a person make one). The console's limit on a raffle's places
 * (RAFFLE_PLACES_OVER_PACKS, RAFFLE_PLACES_OVER_WINNER_SHARES) and the second draw's on the places it gives (packs still
 * unclaimed) both use it.
 */
export function raffleMaxPlaces(packCount: number, perPersonLimit: number | null): number {
  return Math.max(0, Math.ceil(packCount / raffleWinnerLimit(perPersonLimit)));
}

/** The second draw of a round: the places not bought in time, from the entries that did not win the first. */
export interface TRaffleSecondDraw {
  /** ISO 8601 in UTC. */
  drawnAt: string;
  places: number;
  /** The first draw's winners, who cannot win again. */
  excluded: string[];
  winners: string[];
}

/** How a raffle round is entered and bought (part of its public record). Times are ISO 8601 in UTC. */
export interface TRaffleRules {
  /** The kind of ticket an entry spends (one); null: entry is free. */
  ticketKind: { id: string; name: string } | null;
  /** A holder of the round's required pass enters without spending a ticket (never true without `requiredPass`). */
  isFreeForPassHolders: boolean;
  /** Only holders of this pass, valid at the time, may enter (and buy); null: the round is open to everyone. */
  requiredPass: { id: string; name: string } | null;
  /** What a losing entry's ticket becomes: kept by us, or given back at the draw. */
  ticketsOnLoss: 'KEPT' | 'RETURNED';
  /** The first draw's winners buy from the round's opening until then; the second draw follows. */
  purchaseWindowEndsAt: string;
}

/** The signed-in caller's own entry in a raffle round. */
export interface TRaffleMine {
  /** The public handle the entry is listed under in the published entries. */
  handle: string;
  enteredAt: string;
  hasSpentTicket: boolean;
  /** 1 or 2: the draw this entry won; null before the draw or when not drawn. */
  wonIn: 1 | 2 | null;
}

/** `GET /v1/raffles/{roundId}` (ZRaffleDraw in raffles.ts): a round's public draw record. Times are ISO 8601 in UTC. */
export interface TRaffleDraw {
  roundId: string;
  dropId: string;
  round: number;
  algorithm: typeof RAFFLE_DRAW_ALGORITHM;
  /** hex(SHA-256(seed)), published when registration opens. */
  commitment: string;
  /** The seed (64 hex characters), null until the draw reveals it. */
  seedHex: string | null;
  registrationOpensAt: string;
  registrationClosesAt: string;
  drawnAt: string | null;
  places: number;
  /** Entries so far while registration is open; all of them once it closes. */
  entriesCount: number;
  /** The entries' public handles, sorted, frozen at close; null before the draw. */
  entries: string[] | null;
  /** null before the draw. */
  winners: string[] | null;
  secondDraw: TRaffleSecondDraw | null;
  /** How it is entered and bought; always answered by the API. */
  rules?: TRaffleRules;
  /** The caller's entry: null when signed in without one; absent for visitors. */
  mine?: TRaffleMine | null;
  /** Whether the signed-in caller holds a valid `rules.requiredPass`; null when the round requires none; absent for visitors. */
  holdsRequiredPass?: boolean | null;
}

export type TRaffleVerdict = { ok: true } | { ok: false; reason: string };

const SEED_HEX = /^[0-9a-f]{64}$/i;
/** ":" in UTF-8. */
const SEPARATOR = 0x3a;

function seedBytes(seedHex: string): Uint8Array {
  if (!SEED_HEX.test(seedHex)) throw new Error('The seed is not 64 hexadecimal characters (32 bytes).');
  return hexToBytes(seedHex.toLowerCase());
}

/** hex(SHA-256(seed bytes)): the hash published when registration opens, before any entry exists. */
export function raffleCommitment(seedHex: string): string {
  return bytesToHex(sha256(seedBytes(seedHex)));
}

function quoted(handles: readonly string[]): string {
  const shown = handles.slice(0, 3).map((handle) => `"${handle}"`);
  const more = handles.length - shown.length;
  return more > 0 ? `${shown.join(', ')} and ${formatNumber(more)} more` : shown.join(' and ');
}

function compareScores(a: Uint8Array, b: Uint8Array): number {
  for (let index = 0; index < a.length; index += 1) {
    if (a[index] !== b[index]) return a[index]! - b[index]!;
  }
  return 0;
}

/**
 * Every entry by score ascending: the draw order. Throws on a malformed seed or a repeated or empty handle (a handle
 * listed twice would have two chances). Two equal scores would be a SHA-256 collision; the handle's text breaks the
 * tie so the order is still total.
 */
function drawOrder(seedHex: string, entries: readonly string[]): string[] {
  const seed = seedBytes(seedHex);
  const seen = new Set<string>();
  for (const entry of entries) {
    if (entry === '') throw new Error('An entry is an empty handle.');
    if (seen.has(entry)) throw new Error(`The entries list ${quoted([entry])} more than once.`);
    seen.add(entry);
  }
  // One message buffer, seed and separator written once, each handle encoded after them: 200,000 entries are ranked
  // in about a second on a shared machine (raffle-draw.test.ts logs the time).
  const encoder = new TextEncoder();
  const longest = entries.reduce((most, entry) => Math.max(most, entry.length), 0);
  const message = new Uint8Array(seed.length + 1 + longest * 3);
  message.set(seed);
  message[seed.length] = SEPARATOR;
  const handleBytes = message.subarray(seed.length + 1);
  const scored = entries.map((entry) => {
    const { written } = encoder.encodeInto(entry, handleBytes);
    return { entry, score: sha256(message.subarray(0, seed.length + 1 + written)) };
  });
  scored.sort((a, b) => compareScores(a.score, b.score) || (a.entry < b.entry ? -1 : a.entry > b.entry ? 1 : 0));
  return scored.map((item) => item.entry);
}

function assertPlaces(places: number): void {
  if (!Number.isInteger(places) || places < 0) {
    throw new Error(`A draw is for a whole number of places, 0 or more, not ${places}.`);
  }
}

/** The first `places` of the draw order not excluded; excluding entries does not change the order of the rest. */
function takePlaces(order: readonly string[], places: number, excludedHandles: readonly string[] = []): string[] {
  assertPlaces(places);
  const excluded = new Set(excludedHandles);
  if (excluded.size > 0) {
    const isEntry = new Set(order);
    const strangers = [...excluded].filter((handle) => !isEntry.has(handle));
    if (strangers.length > 0) throw new Error(`The draw excludes ${quoted(strangers)}, not among the entries.`);
  }
  const winners: string[] = [];
  for (const entry of order) {
    if (winners.length >= places) break;
    if (!excluded.has(entry)) winners.push(entry);
  }
  return winners;
}

/**
 * The winners of a draw, in draw order: the `places` entries with the lowest scores among those not excluded (all of
 * them when fewer are left). Throws on a malformed seed, a repeated or empty handle, an excluded handle that is not an
 * entry, or places that are not a whole number of 0 or more.
 */
export function drawRaffleWinners(input: {
  seedHex: string;
  entries: readonly string[];
  places: number;
  excluded?: readonly string[];
}): string[] {
  assertPlaces(input.places);
  return takePlaces(drawOrder(input.seedHex, input.entries), input.places, input.excluded);
}

const SEED_NOT_COMMITTED: TRaffleVerdict = {
  ok: false,
  reason:
    'The revealed seed does not hash to the commitment published when registration opened: it is not the seed fixed before the entries.',
};

function failure(error: unknown): TRaffleVerdict {
  return { ok: false, reason: error instanceof Error ? error.message : String(error) };
}

/** The published winners against those drawn, as sets: the order they are listed in does not matter. */
function compareWinners(drawn: readonly string[], winners: readonly string[]): TRaffleVerdict {
  const listed = new Set<string>();
  const repeated = new Set<string>();
  for (const winner of winners) (listed.has(winner) ? repeated : listed).add(winner);
  if (repeated.size > 0) return { ok: false, reason: `The winners list ${quoted([...repeated])} more than once.` };
  const isDrawn = new Set(drawn);
  const notDrawn = winners.filter((winner) => !isDrawn.has(winner));
  const notListed = drawn.filter((winner) => !listed.has(winner));
  if (notDrawn.length === 0 && notListed.length === 0) return { ok: true };
  const differences = [
    notDrawn.length > 0 ? `${quoted(notDrawn)} listed as winning but not drawn` : null,
    notListed.length > 0 ? `${quoted(notListed)} drawn but not listed` : null,
  ].filter(Boolean);
  return {
    ok: false,
    reason: `The winners are not the ones the seed draws from these entries: ${differences.join('; ')}.`,
  };
}

function isCommitted(commitment: string, seedHex: string): boolean {
  return raffleCommitment(seedHex) === commitment.toLowerCase();
}

/**
 * Checks a published draw: the seed hashes to the commitment, and the winners are exactly those the seed draws from
 * the entries (as a set). The reason is a sentence for the page.
 */
export function verifyRaffleDraw(input: {
  commitment: string;
  seedHex: string;
  entries: readonly string[];
  places: number;
  winners: readonly string[];
  excluded?: readonly string[];
}): TRaffleVerdict {
  try {
    if (!isCommitted(input.commitment, input.seedHex)) return SEED_NOT_COMMITTED;
    return compareWinners(drawRaffleWinners(input), input.winners);
  } catch (error) {
    return failure(error);
  }
}

export interface TRaffleRecordVerdict {
  firstDraw: TRaffleVerdict;
  /** null when the round has had no second draw. */
  secondDraw: TRaffleVerdict | null;
}

/**
 * A whole public record checked: its entry count, its first draw, and its second draw from the entries the first did
 * not pick. null while the round is not drawn (no seed, entries or winners to check yet). What the raffle page runs,
 * and what a test that reads only the public endpoint can run.
 */
export function verifyRaffleRecord(draw: TRaffleDraw): TRaffleRecordVerdict | null {
  const { seedHex, entries, winners, commitment } = draw;
  if (seedHex === null || entries === null || winners === null) return null;
  let order: string[];
  try {
    if (!isCommitted(commitment, seedHex)) {
      return { firstDraw: SEED_NOT_COMMITTED, secondDraw: draw.secondDraw && SEED_NOT_COMMITTED };
    }
    // Ranked once for both draws: the second takes the same order past the first's winners.
    order = drawOrder(seedHex, entries);
  } catch (error) {
    return { firstDraw: failure(error), secondDraw: draw.secondDraw && failure(error) };
  }
  const firstDraw: TRaffleVerdict =
    draw.entriesCount === entries.length
      ? verifyPlaces(order, draw.places, winners)
      : {
          ok: false,
          reason: `The record counts ${formatNumber(draw.entriesCount)} entries but publishes ${formatNumber(entries.length)}.`,
        };
  const second = draw.secondDraw;
  if (second === null) return { firstDraw, secondDraw: null };
  const firstWinners = new Set(winners);
  const excluded = new Set(second.excluded);
  let secondDraw: TRaffleVerdict;
  if (excluded.size !== firstWinners.size || [...excluded].some((handle) => !firstWinners.has(handle))) {
    secondDraw = { ok: false, reason: "The second draw does not exclude exactly the first draw's winners." };
  } else if (second.places > draw.places) {
    secondDraw = {
      ok: false,
      reason: `The second draw is for ${formatNumber(second.places)} places, more than the ${formatNumber(draw.places)} of the first.`,
    };
  } else {
    secondDraw = verifyPlaces(order, second.places, second.winners, second.excluded);
  }
  return { firstDraw, secondDraw };
}

function verifyPlaces(
  order: readonly string[],
  places: number,
  winners: readonly string[],
  excluded?: readonly string[],
): TRaffleVerdict {
  try {
    return compareWinners(takePlaces(order, places, excluded), winners);
  } catch (error) {
    return failure(error);
  }
}
