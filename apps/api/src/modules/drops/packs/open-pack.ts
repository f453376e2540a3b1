import { and, eq, isNull } from 'drizzle-orm';
import type { TPack } from '@cypher/contract';
import type { Db } from '../../../db/client.ts';
import { inTransaction } from '../../../db/transaction.ts';
import { revealPackEditions } from '../../collection/reveal-pack-editions.ts';
import { packs } from '../drops.tables.ts';
import { getMyPack } from './list-my-packs.ts';

/**
 * `POST /v1/packs/{id}/open`: reveals my pack's editions, once (writes packs; the collection writes editions and
 * their OPENED activities). The conditional UPDATE on opened_at decides: the first call reveals; any later call (or
 * a concurrent one) changes nothing and answers the pack as it was revealed.
 */
export async function openPack(db: Db, userId: string, packId: string, now: Date): Promise<TPack> {
  await inTransaction(db, async (tx) => {
    const opened = await tx
      .update(packs)
      .set({ openedAt: now })
      .where(and(eq(packs.id, packId), eq(packs.ownerUserId, userId), isNull(packs.openedAt)))
      .returning({ id: packs.id });
    if (opened.length === 1) await revealPackEditions(tx, packId, userId, now);
  });
  return getMyPack(db, userId, packId);
}
