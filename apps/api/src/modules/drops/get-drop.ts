import { dropStatusAt, type TDrop } from '@cypher/contract';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import type { TtlCache } from '../../lib/ttl-cache.ts';
import { dropViewer } from './drop-viewer.ts';
import { loadPublicDrops, toDrop, type TPublicDropParts } from './public-drop.ts';

/** The public part of one drop through the per-process cache; null for a draft or an unknown id (kept as briefly). */
export function cachedPublicDrop(
  db: Db,
  cache: TtlCache<TPublicDropParts | null>,
  id: string,
): Promise<TPublicDropParts | null> {
  return cache.get(id, async () => (await loadPublicDrops(db, [id])).get(id) ?? null);
}

/**
 * A published drop once visible (through the cache); before its visibleAt it is as unknown as a draft (DROP_NOT_FOUND),
 * so its page cannot be found early by its id, nor a reminder set on it.
 */
export async function visibleDrop(
  db: Db,
  cache: TtlCache<TPublicDropParts | null>,
  id: string,
  now: Date,
): Promise<TPublicDropParts> {
  const drop = await cachedPublicDrop(db, cache, id);
  if (!drop || dropStatusAt(drop, now) === 'NONE') throw new AppError('DROP_NOT_FOUND');
  return drop;
}

/**
 * `GET /v1/drops/{id}`: a published drop once visible, with the caller's viewer part when signed in. A drop before
 * its visibleAt is as unknown as a draft (DROP_NOT_FOUND), so its page cannot be found early by its id.
 */
export async function getDrop(
  db: Db,
  cache: TtlCache<TPublicDropParts | null>,
  now: Date,
  id: string,
  userId: string | null,
  cypUnit: { cypPerUsd: number; minorUnits: number },
): Promise<TDrop> {
  const drop = await visibleDrop(db, cache, id, now);
  const viewer = userId ? await dropViewer(db, drop, now, userId) : null;
  return toDrop(drop, now, cypUnit, viewer);
}
