import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { describe, expect, it } from 'vitest';
import {
  drawRaffleWinners,
  raffleCommitment,
  raffleMaxPlaces,
  verifyRaffleDraw,
  verifyRaffleRecord,
  type TRaffleDraw,
} from './raffle-draw.ts';
import { ZRaffleDraw } from './raffles.ts';

const SEED = '3f'.repeat(32);
const OTHER_SEED = 'c4'.repeat(32);

/** Handles as the lead may issue them: opaque, any order. */
function handles(count: number, prefix = 'entry'): string[] {
  return Array.from({ length: count }, (_, index) => `${prefix}-${String(index).padStart(6, '0')}`);
}

/** A fixed list of seeds, so the statistical tests give the same numbers on every run and can never be flaky. */
function fixedSeeds(count: number): string[] {
  return Array.from({ length: count }, (_, index) => bytesToHex(sha256(utf8ToBytes(`raffle-test-seed:${index}`))));
}

/** Pearson's chi-square statistic of observed counts against equal expected counts. */
function chiSquare(counts: readonly number[], expected: number): number {
  return counts.reduce((sum, count) => sum + (count - expected) ** 2 / expected, 0);
}

/** Deterministic shuffle for the order-independence checks (not the draw's randomness). */
function reordered<T>(items: readonly T[], step: number): T[] {
  return items.map((_, index) => items[(index * step) % items.length]!);
}

describe('raffleMaxPlaces', () => {
  it('shares the packs out a winner’s whole share each, the last place taking what is left, one pack a place where the round sets no limit', () => {
    expect(raffleMaxPlaces(10, 3)).toBe(4);
    expect(raffleMaxPlaces(9, 3)).toBe(3);
    expect(raffleMaxPlaces(10, null)).toBe(10);
    expect(raffleMaxPlaces(10, 1)).toBe(10);
    // A round of fewer packs than a person may buy is still a raffle of one place.
    expect(raffleMaxPlaces(2, 3)).toBe(1);
    expect(raffleMaxPlaces(0, 2)).toBe(0);
  });
});

describe('raffleCommitment', () => {
  it('is the SHA-256 of the seed bytes, not of its hex text', () => {
    expect(raffleCommitment('00'.repeat(32))).toBe('66687aadf862bd776c8fc18b8e9f8e20089714856ee233b3902a591d0d5f2925');
    expect(raffleCommitment(SEED)).not.toBe(bytesToHex(sha256(utf8ToBytes(SEED))));
    expect(raffleCommitment(SEED.toUpperCase())).toBe(raffleCommitment(SEED));
  });

  it('refuses a seed that is not 32 bytes of hex', () => {
    expect(() => raffleCommitment('3f'.repeat(31))).toThrow(/64 hexadecimal/);
    expect(() => raffleCommitment(`${'3f'.repeat(31)}zz`)).toThrow(/64 hexadecimal/);
  });
});

describe('drawRaffleWinners', () => {
  const entries = handles(500);

  it('is the same for the same seed and entries, and differs for another seed', () => {
    const winners = drawRaffleWinners({ seedHex: SEED, entries, places: 100 });
    expect(drawRaffleWinners({ seedHex: SEED, entries, places: 100 })).toEqual(winners);
    const other = drawRaffleWinners({ seedHex: OTHER_SEED, entries, places: 100 });
    expect(other).not.toEqual(winners);
    // Not the stored order either.
    expect(new Set(winners)).not.toEqual(new Set(entries.slice(0, 100)));
  });

  it('does not depend on the order the entries are listed in', () => {
    const winners = drawRaffleWinners({ seedHex: SEED, entries, places: 100 });
    expect(drawRaffleWinners({ seedHex: SEED, entries: [...entries].reverse(), places: 100 })).toEqual(winners);
    expect(drawRaffleWinners({ seedHex: SEED, entries: reordered(entries, 7), places: 100 })).toEqual(winners);
  });

  it('draws exactly `places` distinct entries, or every entry when there are fewer', () => {
    const winners = drawRaffleWinners({ seedHex: SEED, entries, places: 100 });
    expect(winners).toHaveLength(100);
    expect(new Set(winners).size).toBe(100);
    expect(winners.every((winner) => entries.includes(winner))).toBe(true);

    const few = handles(7, 'few');
    const all = drawRaffleWinners({ seedHex: SEED, entries: few, places: 10 });
    expect([...all].sort()).toEqual(few);
    expect(drawRaffleWinners({ seedHex: SEED, entries: few, places: 0 })).toEqual([]);
    expect(drawRaffleWinners({ seedHex: SEED, entries: [], places: 3 })).toEqual([]);
  });

  it('takes the lowest SHA-256(seed bytes ":" handle): what anyone can recompute without this code', () => {
    const seedBytes = Uint8Array.from(SEED.match(/../g)!.map((pair) => parseInt(pair, 16)));
    const score = (entry: string) =>
      bytesToHex(sha256(new Uint8Array([...seedBytes, ...utf8ToBytes(':'), ...utf8ToBytes(entry)])));
    const byScore = [...entries].sort((a, b) => (score(a) < score(b) ? -1 : 1));
    expect(drawRaffleWinners({ seedHex: SEED, entries, places: 25 })).toEqual(byScore.slice(0, 25));
  });

  it('a larger draw starts with the smaller one: more places never change who already won', () => {
    const ten = drawRaffleWinners({ seedHex: SEED, entries, places: 10 });
    expect(drawRaffleWinners({ seedHex: SEED, entries, places: 40 }).slice(0, 10)).toEqual(ten);
  });

  it('an added entry can take a place but cannot reorder the others', () => {
    const before = drawRaffleWinners({ seedHex: SEED, entries, places: entries.length });
    const after = drawRaffleWinners({ seedHex: SEED, entries: [...entries, 'late-entry'], places: entries.length + 1 });
    expect(after.filter((entry) => entry !== 'late-entry')).toEqual(before);
  });

  it('refuses a repeated or empty handle, and a bad number of places', () => {
    expect(() => drawRaffleWinners({ seedHex: SEED, entries: ['a', 'b', 'a'], places: 1 })).toThrow(
      'The entries list "a" more than once.',
    );
    expect(() => drawRaffleWinners({ seedHex: SEED, entries: ['a', ''], places: 1 })).toThrow(/empty handle/);
    expect(() => drawRaffleWinners({ seedHex: SEED, entries: ['a'], places: -1 })).toThrow(/whole number/);
    expect(() => drawRaffleWinners({ seedHex: SEED, entries: ['a'], places: 1.5 })).toThrow(/whole number/);
    expect(() => drawRaffleWinners({ seedHex: 'not-a-seed', entries: ['a'], places: 1 })).toThrow(/64 hexadecimal/);
  });

  it('gives every entry the same chance: each of 10 entries wins 3 of 10 places as often, over 12,000 fixed seeds', () => {
    const ten = handles(10, 'fan');
    const seeds = fixedSeeds(12_000);
    const wins = new Map(ten.map((entry) => [entry, 0]));
    const subsets = new Map<string, number>();
    for (const seedHex of seeds) {
      const winners = drawRaffleWinners({ seedHex, entries: ten, places: 3 });
      for (const winner of winners) wins.set(winner, wins.get(winner)! + 1);
      const subset = [...winners].sort().join(',');
      subsets.set(subset, (subsets.get(subset) ?? 0) + 1);
    }
    // Each entry expects 12,000 x 3 / 10 = 3,600 wins. 9 degrees of freedom: 27.88 is the 0.1% critical value.
    const perEntry = chiSquare([...wins.values()], 3_600);
    expect(perEntry).toBeLessThan(27.88);
    // Each of the C(10,3) = 120 winning sets expects 100 draws. 119 degrees of freedom: 0.1% critical value 173.
    expect(subsets.size).toBe(120);
    expect(chiSquare([...subsets.values()], 100)).toBeLessThan(173);

    // The same statistic catches a biased draw: one that favours the first sorted entry a little.
    const biased = [...wins.values()];
    biased[0]! += 300;
    biased[9]! -= 300;
    expect(chiSquare(biased, 3_600)).toBeGreaterThan(27.88);
  });

  it('draws from 200,000 entries (time is logged, not asserted: the machine is shared)', { timeout: 30_000 }, () => {
    const many = handles(200_000, '0190a0b0-0000-7000-8000');
    const started = performance.now();
    const winners = drawRaffleWinners({ seedHex: SEED, entries: many, places: 1_000 });
    const elapsed = performance.now() - started;
    console.info(`raffle draw: 200,000 entries, 1,000 places in ${Math.round(elapsed)} ms`);
    expect(winners).toHaveLength(1_000);
    expect(new Set(winners).size).toBe(1_000);
    const entrySet = new Set(many);
    expect(winners.every((winner) => entrySet.has(winner))).toBe(true);
  });
});

describe('the second draw', () => {
  const entries = handles(500);
  const first = drawRaffleWinners({ seedHex: SEED, entries, places: 100 });

  it('draws the unbought places from the entries that did not win, in the same draw order', () => {
    const second = drawRaffleWinners({ seedHex: SEED, entries, places: 30, excluded: first });
    expect(second).toHaveLength(30);
    expect(second.some((winner) => first.includes(winner))).toBe(false);
    // The waiting list is the first draw's order continued: 30 more places are ranks 101 to 130.
    expect(second).toEqual(drawRaffleWinners({ seedHex: SEED, entries, places: 130 }).slice(100));
    expect(drawRaffleWinners({ seedHex: SEED, entries: [...entries].reverse(), places: 30, excluded: first })).toEqual(
      second,
    );
  });

  it('refuses to exclude a handle that is not an entry', () => {
    expect(() => drawRaffleWinners({ seedHex: SEED, entries, places: 3, excluded: ['nobody'] })).toThrow(
      'The draw excludes "nobody", not among the entries.',
    );
  });

  it('is verifiable on its own, and fails when it hands a place back to a first winner', () => {
    const commitment = raffleCommitment(SEED);
    const second = drawRaffleWinners({ seedHex: SEED, entries, places: 30, excluded: first });
    expect(
      verifyRaffleDraw({ commitment, seedHex: SEED, entries, places: 30, excluded: first, winners: second }),
    ).toEqual({ ok: true });
    const rigged = [...second.slice(1), first[0]!];
    const verdict = verifyRaffleDraw({
      commitment,
      seedHex: SEED,
      entries,
      places: 30,
      excluded: first,
      winners: rigged,
    });
    expect(verdict).toEqual({
      ok: false,
      reason: `The winners are not the ones the seed draws from these entries: "${first[0]}" listed as winning but not drawn; "${second[0]}" drawn but not listed.`,
    });
  });
});

describe('verifyRaffleDraw', () => {
  const entries = handles(500);
  const commitment = raffleCommitment(SEED);
  const winners = drawRaffleWinners({ seedHex: SEED, entries, places: 100 });

  it('accepts an honest draw, whatever order the entries and winners are listed in', () => {
    expect(verifyRaffleDraw({ commitment, seedHex: SEED, entries, places: 100, winners })).toEqual({ ok: true });
    expect(
      verifyRaffleDraw({
        commitment,
        seedHex: SEED,
        entries: reordered(entries, 3),
        places: 100,
        winners: [...winners].sort(),
      }),
    ).toEqual({ ok: true });
  });

  it('fails when the revealed seed is not the committed one, even if the winners follow from it', () => {
    const otherWinners = drawRaffleWinners({ seedHex: OTHER_SEED, entries, places: 100 });
    const verdict = verifyRaffleDraw({ commitment, seedHex: OTHER_SEED, entries, places: 100, winners: otherWinners });
    expect(verdict.ok).toBe(false);
    expect(!verdict.ok && verdict.reason).toMatch(/^The revealed seed does not hash to the commitment/);
  });

  it('fails when one winner is swapped for another entry, and names both', () => {
    const loser = entries.find((entry) => !winners.includes(entry))!;
    const changed = [...winners.slice(0, 99), loser];
    expect(verifyRaffleDraw({ commitment, seedHex: SEED, entries, places: 100, winners: changed })).toEqual({
      ok: false,
      reason: `The winners are not the ones the seed draws from these entries: "${loser}" listed as winning but not drawn; "${winners[99]}" drawn but not listed.`,
    });
  });

  it('fails when a winner is missing or listed twice, or an entry was removed', () => {
    const short = verifyRaffleDraw({ commitment, seedHex: SEED, entries, places: 100, winners: winners.slice(1) });
    expect(!short.ok && short.reason).toMatch(/drawn but not listed\.$/);
    const twice = verifyRaffleDraw({
      commitment,
      seedHex: SEED,
      entries,
      places: 100,
      winners: [...winners.slice(0, 99), winners[0]!],
    });
    expect(twice).toEqual({ ok: false, reason: `The winners list "${winners[0]}" more than once.` });
    // Dropping an entry that lost changes nothing; dropping one that won moves every place after it.
    const withoutWinner = entries.filter((entry) => entry !== winners[0]);
    expect(
      verifyRaffleDraw({ commitment, seedHex: SEED, entries: withoutWinner, places: 100, winners: winners.slice(1) }),
    ).toMatchObject({ ok: false });
  });

  it('reports repeated entries as a failure instead of throwing', () => {
    expect(
      verifyRaffleDraw({ commitment, seedHex: SEED, entries: [...entries, entries[0]!], places: 100, winners }),
    ).toEqual({ ok: false, reason: `The entries list "${entries[0]}" more than once.` });
  });
});

describe('verifyRaffleRecord and ZRaffleDraw', () => {
  const entries = [...handles(40)].sort();
  const winners = drawRaffleWinners({ seedHex: SEED, entries, places: 10 });
  const secondWinners = drawRaffleWinners({ seedHex: SEED, entries, places: 4, excluded: winners });
  const record: TRaffleDraw = {
    roundId: '0190a0b0-0000-7000-8000-0000000000a1',
    dropId: '0190a0b0-0000-7000-8000-0000000000d1',
    round: 2,
    algorithm: 'sha256-rank-v1',
    commitment: raffleCommitment(SEED),
    seedHex: SEED,
    registrationOpensAt: '2026-11-20T18:00:00.000Z',
    registrationClosesAt: '2026-11-21T18:00:00.000Z',
    drawnAt: '2026-11-21T18:00:02.000Z',
    places: 10,
    entriesCount: entries.length,
    entries,
    winners,
    secondDraw: {
      drawnAt: '2026-11-22T18:00:01.000Z',
      places: 4,
      excluded: [...winners].sort(),
      winners: secondWinners,
    },
  };

  it('is the shape the API answers, before and after the draw', () => {
    expect(ZRaffleDraw.parse(record)).toEqual(record);
    const before = { ...record, seedHex: null, drawnAt: null, entries: null, winners: null, secondDraw: null };
    expect(ZRaffleDraw.parse(before)).toEqual(before);
    expect(ZRaffleDraw.safeParse({ ...record, drawnAt: 'tomorrow' }).success).toBe(false);
    expect(ZRaffleDraw.safeParse({ ...record, commitment: 'abc' }).success).toBe(false);
  });

  it('checks both draws of an honest record, and is null before the draw', () => {
    expect(verifyRaffleRecord(record)).toEqual({ firstDraw: { ok: true }, secondDraw: { ok: true } });
    expect(verifyRaffleRecord({ ...record, secondDraw: null })).toEqual({ firstDraw: { ok: true }, secondDraw: null });
    expect(verifyRaffleRecord({ ...record, seedHex: null, entries: null, winners: null })).toBeNull();
  });

  it('fails both draws of a record whose seed is not the committed one', () => {
    const verdict = verifyRaffleRecord({ ...record, commitment: raffleCommitment(OTHER_SEED) });
    expect(verdict?.firstDraw).toMatchObject({ ok: false, reason: expect.stringMatching(/^The revealed seed/) });
    expect(verdict?.secondDraw).toMatchObject({ ok: false, reason: expect.stringMatching(/^The revealed seed/) });
  });

  it('fails a record whose count disagrees with its entries', () => {
    expect(verifyRaffleRecord({ ...record, entriesCount: 41 })?.firstDraw).toEqual({
      ok: false,
      reason: 'The record counts 41 entries but publishes 40.',
    });
  });

  it("fails a second draw that does not exclude exactly the first draw's winners, or has more places", () => {
    const second = record.secondDraw!;
    const keepsOne = { ...record, secondDraw: { ...second, excluded: second.excluded.slice(1) } };
    expect(verifyRaffleRecord(keepsOne)?.secondDraw).toEqual({
      ok: false,
      reason: "The second draw does not exclude exactly the first draw's winners.",
    });
    const tooMany = { ...record, secondDraw: { ...second, places: 11 } };
    expect(verifyRaffleRecord(tooMany)?.secondDraw).toEqual({
      ok: false,
      reason: 'The second draw is for 11 places, more than the 10 of the first.',
    });
    const rigged = { ...record, secondDraw: { ...second, winners: [...second.winners.slice(1), winners[0]!] } };
    expect(verifyRaffleRecord(rigged)).toMatchObject({ firstDraw: { ok: true }, secondDraw: { ok: false } });
  });
});
