import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/**
 * Verifiable pack contents (decision record 0015), the same code on the server that fixes them and in the browser
 * that checks them:
 *
 * 1. Every edition of the drop is listed in canonical order: products by id, then serial numbers ascending (a
 *    product's editions in one drop are a run of serial numbers; a later drop of the same product continues it).
 * 2. The list is shuffled by Fisher-Yates with randomness drawn from the secret seed (deriveRandom), and cut into
 *    packs of `editionsPerPack` in pack-number order.
 * 3. commitment = SHA-256 of the seed, a newline, and the contents text (provenanceText: a line per pack, its
 *    editions in canonical order, since a pack is a set and storage keeps no order inside it), in hex. It is published
 *    when the drop is, so contents cannot change afterwards; the seed is revealed when the drop completes, so anyone
 *    can recompute both the shuffle and the hash.
 */

export interface TProvenanceEdition {
  productId: string;
  serialNumber: number;
}

export interface TProvenancePack {
  number: number;
  items: TProvenanceEdition[];
}

export const PROVENANCE_ALGORITHM = 'sha256-v1';

/** Products by id, then serial numbers ascending: the canonical order of editions (step 1) and inside a pack. */
function compareEditions(a: TProvenanceEdition, b: TProvenanceEdition): number {
  if (a.productId !== b.productId) return a.productId < b.productId ? -1 : 1;
  return a.serialNumber - b.serialNumber;
}

/**
 * One line per pack, in pack-number order, its editions in canonical order: `12:<productId>#3,<productId>#41`. A pack
 * is a set: whoever lists its editions (the database, a buyer's pack page) may list them in any order and still gets
 * the same text.
 */
export function provenanceText(packs: readonly TProvenancePack[]): string {
  return [...packs]
    .sort((a, b) => a.number - b.number)
    .map(
      (pack) =>
        `${pack.number}:${[...pack.items]
          .sort(compareEditions)
          .map((item) => `${item.productId}#${item.serialNumber}`)
          .join(',')}`,
    )
    .join('\n');
}

export function provenanceCommitment(seed: string, packs: readonly TProvenancePack[]): string {
  return bytesToHex(sha256(utf8ToBytes(`${seed}\n${provenanceText(packs)}`)));
}

/**
 * A stream of uniform integers below `bound`, from SHA-256(seed ":" counter) blocks read as big-endian 32-bit words;
 * words past the largest multiple of `bound` are skipped, so no value is favoured.
 */
function deriveRandom(seed: string) {
  let counter = 0;
  let words: number[] = [];
  return (bound: number): number => {
    const limit = Math.floor(0x1_0000_0000 / bound) * bound;
    for (;;) {
      if (words.length === 0) {
        const block = sha256(utf8ToBytes(`${seed}:${counter++}`));
        for (let offset = 0; offset < block.length; offset += 4) {
          words.push(
            ((block[offset]! << 24) | (block[offset + 1]! << 16) | (block[offset + 2]! << 8) | block[offset + 3]!) >>>
              0,
          );
        }
      }
      const word = words.shift()!;
      if (word < limit) return word % bound;
    }
  };
}

export interface TProvenanceContent {
  productId: string;
  firstSerialNumber: number;
  editionCount: number;
}

/** Step 1: the canonical list of every edition, from each product's run of serial numbers. */
export function canonicalEditions(contents: readonly TProvenanceContent[]): TProvenanceEdition[] {
  return [...contents]
    .sort((a, b) => (a.productId < b.productId ? -1 : a.productId > b.productId ? 1 : 0))
    .flatMap((content) =>
      Array.from({ length: content.editionCount }, (_, index) => ({
        productId: content.productId,
        serialNumber: content.firstSerialNumber + index,
      })),
    );
}

/** Step 2: the seed's shuffle of the editions, cut into packs numbered from `firstPackNumber`. */
export function assignPackContents(
  seed: string,
  editions: readonly TProvenanceEdition[],
  editionsPerPack: number,
  firstPackNumber = 1,
): TProvenancePack[] {
  if (editionsPerPack < 1 || editions.length % editionsPerPack !== 0) {
    throw new Error(`${editions.length} editions do not fill packs of ${editionsPerPack}`);
  }
  const shuffled = [...editions];
  const random = deriveRandom(seed);
  for (let index = shuffled.length - 1; index > 0; index -= 1) {
    const other = random(index + 1);
    [shuffled[index], shuffled[other]] = [shuffled[other]!, shuffled[index]!];
  }
  const packs: TProvenancePack[] = [];
  for (let start = 0; start < shuffled.length; start += editionsPerPack) {
    packs.push({
      number: firstPackNumber + start / editionsPerPack,
      items: shuffled.slice(start, start + editionsPerPack),
    });
  }
  return packs;
}

export interface TProvenanceVerdict {
  /** The revealed seed and contents hash to the published commitment. */
  isCommitmentMatched: boolean;
  /** The contents are exactly the seed's shuffle of the drop's editions (nobody chose them by hand). */
  isShuffleMatched: boolean;
}

/** What the public provenance page checks in the browser, and what a test can check on the server. */
export function verifyProvenance(input: {
  commitment: string;
  seed: string;
  editionsPerPack: number;
  packs: readonly TProvenancePack[];
}): TProvenanceVerdict {
  const isCommitmentMatched = provenanceCommitment(input.seed, input.packs) === input.commitment;
  const runs = new Map<string, { first: number; last: number }>();
  for (const item of input.packs.flatMap((pack) => pack.items)) {
    const run = runs.get(item.productId) ?? { first: item.serialNumber, last: item.serialNumber };
    runs.set(item.productId, {
      first: Math.min(run.first, item.serialNumber),
      last: Math.max(run.last, item.serialNumber),
    });
  }
  const firstPackNumber = Math.min(...input.packs.map((pack) => pack.number));
  let isShuffleMatched = false;
  try {
    const expected = assignPackContents(
      input.seed,
      canonicalEditions(
        [...runs].map(([productId, run]) => ({
          productId,
          firstSerialNumber: run.first,
          editionCount: run.last - run.first + 1,
        })),
      ),
      input.editionsPerPack,
      firstPackNumber,
    );
    isShuffleMatched = provenanceText(expected) === provenanceText(input.packs);
  } catch {
    isShuffleMatched = false;
  }
  return { isCommitmentMatched, isShuffleMatched };
}
