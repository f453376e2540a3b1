import { asc, eq } from 'drizzle-orm';
import { dropStatusAt, PROVENANCE_ALGORITHM, type TDropProvenance, type TProvenancePack } from '@cypher/contract';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import type { TtlCache } from '../../lib/ttl-cache.ts';
import { editionsInPacks } from '../collection/editions-in-packs.ts';
import { claimLogHead as claimLogHeadOf } from './claim-log/seal-claim-log.ts';
import { packs } from './drops.tables.ts';
import { revealDropIfDue } from './reveal-drop.ts';
import { cachedPublicDrop } from './get-drop.ts';
import type { TPublicDropParts } from './public-drop.ts';
import { revealedSeed } from './revealed-seed.ts';

/**
 * Route: GET /v1/drops/{id}/provenance · Writes: drops (revealed_at) and pack_claim_log (sealing), when the reveal is
 * due · Reads: drops, packs, editions (through the collection) · UI: features/drops provenance page · Tests:
 * drops.test.ts, claim-log/claim-log.test.ts, provenance-seed-cipher.test.ts.
 *
 * The commitment and the claim log's head from publication on; the seed and every pack's contents only once the drop
 * is revealed (reveal-drop.ts: after dropEndAt, once no order waits for its payment). Before that the seed stays
 * secret (with it and the commitment anyone could work out which unsold pack holds the rarest edition, and a buyer
 * holding packs for a card payment what theirs hold) and so do the contents (they would say the same).
 */
export async function getDropProvenance(
  db: Db,
  cache: TtlCache<TPublicDropParts | null>,
  now: Date,
  id: string,
  seedKey: Buffer,
): Promise<TDropProvenance> {
  const drop = await cachedPublicDrop(db, cache, id);
  if (!drop || !drop.commitment) throw new AppError('DROP_NOT_FOUND');
  const status = dropStatusAt(drop, now);
  if (status === 'NONE') throw new AppError('DROP_NOT_FOUND');
  const base = {
    dropId: drop.id,
    algorithm: PROVENANCE_ALGORITHM,
    commitment: drop.commitment,
    editionsPerPack: drop.editionsPerPack,
  } as const;
  const isRevealed = status === 'COMPLETED' && (await revealDropIfDue(db, id, now)) !== null;
  const claimLogHead = await claimLogHeadOf(db, id);
  if (!isRevealed) return { ...base, claimLogHead, isRevealed: false, seed: null, packs: null };

  return {
    ...base,
    claimLogHead,
    isRevealed: true,
    seed: await revealedSeed(db, id, seedKey),
    packs: await packContents(db, id),
  };
}

/**
 * Every pack of the drop with its editions, in pack-number order: our packs, then their editions asked of the
 * collection module by pack id.
 */
async function packContents(db: Db, dropId: string): Promise<TProvenancePack[]> {
  const rows = await db
    .select({ id: packs.id, number: packs.number })
    .from(packs)
    .where(eq(packs.dropId, dropId))
    .orderBy(asc(packs.number));
  const byId = new Map<string, TProvenancePack>(rows.map((row) => [row.id, { number: row.number, items: [] }]));
  for (const edition of await editionsInPacks(
    db,
    rows.map((row) => row.id),
  )) {
    byId.get(edition.packId)!.items.push({ productId: edition.productId, serialNumber: edition.serialNumber });
  }
  return [...byId.values()];
}
