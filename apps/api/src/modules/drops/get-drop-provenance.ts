import { asc, eq } from 'drizzle-orm';
import { dropStatusAt, PROVENANCE_ALGORITHM, type TDropProvenance, type TProvenancePack } from '@cypher/contract';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import type { TtlCache } from '../../lib/ttl-cache.ts';
import { editionsInPacks } from '../collection/editions-in-packs.ts';
import { drops, packs } from './drops.tables.ts';
import { cachedPublicDrop } from './get-drop.ts';
import type { TPublicDropParts } from './public-drop.ts';

/**
 * `GET /v1/drops/{id}/provenance`: the commitment from publication on; the seed and every pack's contents only once
 * the drop is COMPLETED by the clock. Before that the seed stays secret (with it and the commitment anyone could work
 * out which unsold pack holds the rarest edition) and so do the contents (they would say the same).
 */
export async function getDropProvenance(
  db: Db,
  cache: TtlCache<TPublicDropParts | null>,
  now: Date,
  id: string,
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
  if (status !== 'COMPLETED') return { ...base, isRevealed: false, seed: null, packs: null };

  const [row] = await db.select({ seed: drops.seed }).from(drops).where(eq(drops.id, id));
  return { ...base, isRevealed: true, seed: row?.seed ?? null, packs: await packContents(db, id) };
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
