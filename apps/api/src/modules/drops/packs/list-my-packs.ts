import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import { rarities, type TMyPacks, type TMyPacksQuery, type TPack, type TRarity } from '@cypher/contract';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../http/app-error.ts';
import { packs } from '../drops.tables.ts';
import { packViews } from './pack-views.ts';

/**
 * `GET /v1/packs`: my packs grouped by rarity (spec section 9), rarest first; unopened packs (no rarity yet) last.
 * `isOpened=false` keeps the sealed ones only (My Collection's packs, without reading every opened pack's editions).
 */
export async function listMyPacks(db: Db, userId: string, query: TMyPacksQuery = {}): Promise<TMyPacks> {
  const opened =
    query.isOpened === undefined ? undefined : query.isOpened ? isNotNull(packs.openedAt) : isNull(packs.openedAt);
  const mine = await packViews(db, and(eq(packs.ownerUserId, userId), opened));
  const order: (TRarity | null)[] = [...[...rarities].reverse(), null];
  return {
    groups: order
      .map((rarity) => ({ rarity, packs: mine.filter((pack) => pack.rarity === rarity) }))
      .filter((group) => group.packs.length > 0),
  };
}

/** `GET /v1/packs/{id}`: one of my packs; someone else's is not found, like one that does not exist. */
export async function getMyPack(db: Db, userId: string, packId: string): Promise<TPack> {
  const [pack] = await packViews(db, and(eq(packs.id, packId), eq(packs.ownerUserId, userId)));
  if (!pack) throw new AppError('PACK_NOT_FOUND');
  return pack;
}

/** What one order delivered to its buyer: its packs, with their editions once opened. */
export function packsOfOrder(db: Db, userId: string, orderId: string): Promise<TPack[]> {
  return packViews(db, and(eq(packs.orderId, orderId), eq(packs.ownerUserId, userId)));
}
