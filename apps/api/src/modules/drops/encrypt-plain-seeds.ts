import { and, eq, isNotNull, notLike } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { drops } from './drops.tables.ts';
import { encryptSeed } from './provenance-seed-cipher.ts';

/**
 * Route: none (main.ts, at start-up, after the migrations) · Writes: drops (seed) · Reads: drops · UI: none ·
 * Tests: provenance-seed-cipher.test.ts
 *
 * Drops published before seeds were encrypted hold their seed in plain text: each is encrypted with the configured
 * key, once. Every instance runs this as it starts; the conditional update (the row still holds the plain seed it
 * read) makes a second instance's pass a no-op instead of encrypting a ciphertext. Answers how many it encrypted.
 */
export async function encryptPlainSeeds(db: Db, key: Buffer): Promise<number> {
  const plain = await db
    .select({ id: drops.id, seed: drops.seed })
    .from(drops)
    .where(and(isNotNull(drops.seed), notLike(drops.seed, 'v1.%')));
  let encrypted = 0;
  for (const row of plain) {
    const updated = await db
      .update(drops)
      .set({ seed: encryptSeed(key, row.id, row.seed!) })
      .where(and(eq(drops.id, row.id), eq(drops.seed, row.seed!)))
      .returning({ id: drops.id });
    encrypted += updated.length;
  }
  return encrypted;
}
