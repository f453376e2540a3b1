import { count, eq } from 'drizzle-orm';
import { formatNumber } from '@cypher/contract';
import type { Db } from '../../db/client.ts';
import type { DeletionBlocker } from '../users/deletion/deletion-blockers.ts';
import { editions } from './collection.tables.ts';

/** Spec section 4: an account cannot be deleted while it owns editions (NFTs), opened from packs or received. */
export async function editionsDeletionBlocker(tx: Db, userId: string): Promise<DeletionBlocker | null> {
  const [row] = await tx.select({ count: count() }).from(editions).where(eq(editions.ownerUserId, userId));
  const owned = row?.count ?? 0;
  if (owned === 0) return null;
  return { kind: 'nfts', message: `You still own ${formatNumber(owned)} ${owned === 1 ? 'NFT' : 'NFTs'}.` };
}
