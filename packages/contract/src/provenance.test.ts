import { describe, expect, it } from 'vitest';
import {
  assignPackContents,
  canonicalEditions,
  provenanceCommitment,
  provenanceText,
  verifyProvenance,
  type TProvenancePack,
} from './provenance.ts';

const COMMON = '0190d6a2-7a3b-7c4d-8e5f-00000000000a';
const RARE = '0190d6a2-7a3b-7c4d-8e5f-00000000000b';
const EPIC = '0190d6a2-7a3b-7c4d-8e5f-00000000000c';
const SEED = 'a3'.repeat(32);
const OTHER_SEED = '5c'.repeat(32);

// 40 packs of 3: the common's serials continue a run begun by an earlier drop (#101 on).
const contents = [
  { productId: RARE, firstSerialNumber: 1, editionCount: 30 },
  { productId: COMMON, firstSerialNumber: 101, editionCount: 84 },
  { productId: EPIC, firstSerialNumber: 1, editionCount: 6 },
];
const editions = canonicalEditions(contents);
const key = (item: { productId: string; serialNumber: number }) => `${item.productId}#${item.serialNumber}`;

function honestDrop(seed = SEED) {
  const packs = assignPackContents(seed, editions, 3);
  return { seed, editionsPerPack: 3, packs, commitment: provenanceCommitment(seed, packs) };
}

describe('canonicalEditions', () => {
  it('lists every edition by product id, then serial number ascending, whatever order the contents came in', () => {
    expect(editions).toHaveLength(120);
    expect(editions.slice(0, 2)).toEqual([
      { productId: COMMON, serialNumber: 101 },
      { productId: COMMON, serialNumber: 102 },
    ]);
    expect(editions[83]).toEqual({ productId: COMMON, serialNumber: 184 });
    expect(editions[84]).toEqual({ productId: RARE, serialNumber: 1 });
    expect(editions.at(-1)).toEqual({ productId: EPIC, serialNumber: 6 });
    expect(canonicalEditions([...contents].reverse())).toEqual(editions);
  });
});

describe('assignPackContents', () => {
  it('is the same for the same seed, every time', () => {
    expect(assignPackContents(SEED, editions, 3)).toEqual(assignPackContents(SEED, editions, 3));
  });

  it('is different for another seed, and is not the canonical order', () => {
    const one = provenanceText(assignPackContents(SEED, editions, 3));
    expect(provenanceText(assignPackContents(OTHER_SEED, editions, 3))).not.toBe(one);
    const inOrder = Array.from({ length: 40 }, (_, index) => ({
      number: index + 1,
      items: editions.slice(index * 3, index * 3 + 3),
    }));
    expect(one).not.toBe(provenanceText(inOrder));
  });

  it('puts every edition in exactly one pack, packs numbered from the first pack number and full', () => {
    const packs = assignPackContents(SEED, editions, 3, 201);
    expect(packs.map((pack) => pack.number)).toEqual(Array.from({ length: 40 }, (_, index) => 201 + index));
    expect(packs.every((pack) => pack.items.length === 3)).toBe(true);
    const placed = packs.flatMap((pack) => pack.items.map(key));
    expect(placed).toHaveLength(120);
    expect(new Set(placed)).toEqual(new Set(editions.map(key)));
  });

  it('spreads the scarce product over many packs rather than keeping the canonical runs together', () => {
    const packs = assignPackContents(SEED, editions, 3);
    const withEpic = packs.filter((pack) => pack.items.some((item) => item.productId === EPIC));
    expect(withEpic.length).toBeGreaterThan(3);
  });

  it('refuses editions that do not fill the packs', () => {
    expect(() => assignPackContents(SEED, editions.slice(1), 3)).toThrow(/do not fill/);
    expect(() => assignPackContents(SEED, editions, 0)).toThrow(/do not fill/);
  });

  // The largest drop the console allows; how long it takes is measured by publishing in the drops bench, not here.
  it('shuffles a drop of 2,000,000 editions, the largest the console allows, into full packs', () => {
    const big = canonicalEditions([
      { productId: COMMON, firstSerialNumber: 1, editionCount: 1_500_000 },
      { productId: RARE, firstSerialNumber: 1, editionCount: 500_000 },
    ]);
    const packs = assignPackContents(SEED, big, 20);
    expect(packs).toHaveLength(100_000);
    expect(packs.every((pack) => pack.items.length === 20)).toBe(true);
  }, 60_000);
});

describe('verifyProvenance', () => {
  it('accepts an honest drop: the commitment matches and the contents are the seed’s shuffle', () => {
    expect(verifyProvenance(honestDrop())).toEqual({ isCommitmentMatched: true, isShuffleMatched: true });
  });

  it('accepts an honest drop whose packs are listed in any order', () => {
    const drop = honestDrop();
    expect(verifyProvenance({ ...drop, packs: [...drop.packs].reverse() })).toEqual({
      isCommitmentMatched: true,
      isShuffleMatched: true,
    });
  });

  it('reads a pack as a set: its editions listed in another order give the same text and still verify', () => {
    const drop = honestDrop();
    const reordered = drop.packs.map((pack) => ({ ...pack, items: [...pack.items].reverse() }));
    expect(provenanceText(reordered)).toBe(provenanceText(drop.packs));
    expect(verifyProvenance({ ...drop, packs: reordered })).toEqual({
      isCommitmentMatched: true,
      isShuffleMatched: true,
    });
  });

  it('rejects a drop where one pack’s contents were changed after the commitment (commitment mismatch)', () => {
    const drop = honestDrop();
    const changed: TProvenancePack[] = structuredClone(drop.packs);
    // Swap one edition of pack 1 with one of pack 2: every edition still appears once, but the packs differ.
    const first = changed[0]!.items[0]!;
    changed[0]!.items[0] = changed[1]!.items[0]!;
    changed[1]!.items[0] = first;
    expect(verifyProvenance({ ...drop, packs: changed }).isCommitmentMatched).toBe(false);
    expect(verifyProvenance({ ...drop, packs: changed }).isShuffleMatched).toBe(false);
  });

  it('rejects a hand-made assignment committed honestly (shuffle mismatch)', () => {
    // Someone keeps the rare editions out of the first 30 packs and commits to that: the hash matches, the shuffle not.
    const handMade = Array.from({ length: 40 }, (_, index) => ({
      number: index + 1,
      items: editions.slice(index * 3, index * 3 + 3),
    }));
    const verdict = verifyProvenance({
      seed: SEED,
      editionsPerPack: 3,
      packs: handMade,
      commitment: provenanceCommitment(SEED, handMade),
    });
    expect(verdict).toEqual({ isCommitmentMatched: true, isShuffleMatched: false });
  });

  it('rejects the right packs with the wrong seed revealed', () => {
    const drop = honestDrop();
    expect(verifyProvenance({ ...drop, seed: OTHER_SEED })).toEqual({
      isCommitmentMatched: false,
      isShuffleMatched: false,
    });
  });

  it('rejects packs of the wrong size', () => {
    const drop = honestDrop();
    expect(verifyProvenance({ ...drop, editionsPerPack: 4 }).isShuffleMatched).toBe(false);
  });
});
