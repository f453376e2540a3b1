import { and, count, eq } from 'drizzle-orm';
import { collectedEditionStates, formatNumber } from '@cypher/contract';
import { isOneOf } from '../../db/checks.ts';
import type { Db } from '../../db/client.ts';
import type { DeletionBlocker } from '../users/deletion/deletion-blockers.ts';
import { editions } from './collection.tables.ts';

/**
 * Spec section 4: an account cannot be deleted while it owns editions (NFTs), opened from packs or received, in any
 * state of its collection: owned, on a figure base, locked or listed. An exported edition (moved to the person's own
 * wallet) or a burned one (fused away) has left the collection: it keeps its owner for its history, but holds nothing
 * here, so it does not block. Editions still in an unopened pack are the packs' check (drops/packs-deletion-blocker).
 */
export async function editionsDeletionBlocker(tx: Db, userId: string): Promise<DeletionBlocker | null> {
  const [row] = await tx
    .select({ count: count() })
    .from(editions)
    .where(and(eq(editions.ownerUserId, userId), isOneOf(editions.state, collectedEditionStates)));
  const owned = row?.count ?? 0;
  if (owned === 0) return null;
  return { kind: 'nfts', message: `You still own ${formatNumber(owned)} ${owned === 1 ? 'NFT' : 'NFTs'}.` };
}
