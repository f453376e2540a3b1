import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { drops } from './drops.tables.ts';
import { decryptSeed } from './provenance-seed-cipher.ts';

/**
 * Route: GET /v1/drops/{id}/provenance (get-drop-provenance.ts, once the drop may reveal it) · Writes: none · Reads:
 * drops (seed) · UI: features/drops/drop-provenance-page.tsx · Tests: provenance-seed-cipher.test.ts
 *
 * The plain seed of a drop, decrypted from drops.seed; null while the drop has none. A seed that does not decrypt
 * (a wrong PROVENANCE_SEED_KEY, an altered row) throws rather than reveal something that is not the seed.
 */
export async function revealedSeed(db: Db, dropId: string, seedKey: Buffer): Promise<string | null> {
  const [row] = await db.select({ seed: drops.seed }).from(drops).where(eq(drops.id, dropId));
  return row?.seed ? decryptSeed(seedKey, dropId, row.seed) : null;
}
