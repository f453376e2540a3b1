import { and, count, eq, isNull } from 'drizzle-orm';
import { formatNumber } from '@cypher/contract';
import type { Db } from '../../db/client.ts';
import type { DeletionBlocker } from '../users/deletion/deletion-blockers.ts';
import { packs } from './drops.tables.ts';

/**
 * Spec section 4: an account cannot be deleted while it holds packs. An opened pack holds nothing any more (its
 * editions are the person's own then, and the editions' check counts them), so only unopened packs count. A pack
 * still held for an unpaid order has no owner yet: it ends as bought or returned within the hold, and the check runs
 * again when the deletion completes.
 */
export async function packsDeletionBlocker(tx: Db, userId: string): Promise<DeletionBlocker | null> {
  const [row] = await tx
    .select({ count: count() })
    .from(packs)
    .where(and(eq(packs.ownerUserId, userId), isNull(packs.openedAt)));
  const held = row?.count ?? 0;
  if (held === 0) return null;
  return {
    kind: 'packs',
    message:
      held === 1
        ? 'You still have 1 unopened pack. Open it first.'
        : `You still have ${formatNumber(held)} unopened packs. Open them first.`,
  };
}
