import { randomBytes } from 'node:crypto';
import { raffleCommitment } from '@cypher/contract';
import { decryptSeed, encryptSeed } from '../drops/provenance-seed-cipher.ts';

/*
 * Route: none; setting a raffle (set-raffle.ts) makes the seed, the draws (draw-raffle.ts, draw-second-chance.ts) and
 * the public record (get-raffle.ts) open it · Writes and reads: nothing (pure) · Tests: raffles.test.ts.
 *
 * A raffle's seed: 32 random bytes as 64 hex characters (decision record 26), sealed at rest as drop seeds are
 * (AES-256-GCM under PROVENANCE_SEED_KEY, decision record 22). Until the draw, whoever holds the seed can score any
 * handle, so a copy of the database must not give it away. The round's id, prefixed, is the associated data: a
 * ciphertext moved onto another round (or a drop) does not open there.
 */

const associatedId = (policyId: string) => `raffle:${policyId}`;

export function newRaffleSeed(seedKey: Buffer, policyId: string): { seedCipher: string; commitment: string } {
  const seedHex = randomBytes(32).toString('hex');
  return { seedCipher: encryptSeed(seedKey, associatedId(policyId), seedHex), commitment: raffleCommitment(seedHex) };
}

export function openRaffleSeed(seedKey: Buffer, policyId: string, seedCipher: string): string {
  return decryptSeed(seedKey, associatedId(policyId), seedCipher);
}
