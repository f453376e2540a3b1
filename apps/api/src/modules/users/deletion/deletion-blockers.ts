import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../http/app-error.ts';
import { editionsDeletionBlocker } from '../../collection/editions-deletion-blocker.ts';
import { packsDeletionBlocker } from '../../drops/packs-deletion-blocker.ts';
import { balanceDeletionBlocker } from '../../wallet/balance-deletion-blocker.ts';
import { openDepositsDeletionBlocker } from '../../wallet/deposits/open-deposits-deletion-blocker.ts';

/**
 * Something that keeps an account from being deleted: a balance, packs, NFTs (spec section 4), or a payment still in
 * progress, which would otherwise land on the deleted account.
 */
export interface DeletionBlocker {
  /** What remains, as the web can group it: `balance`, `deposits`, `packs`, `nfts`... */
  kind: string;
  /** What a person reads, with the amounts: "Your balance still holds 12.50 USD." */
  message: string;
}

/** Runs in the deletion transaction, with its handle, so what it sees is what the deletion acts on. */
export type DeletionBlockerCheck = (tx: Db, userId: string) => Promise<DeletionBlocker | null>;

/**
 * Each module that keeps assets for a user adds its check here as it lands (wallet: balances and payments in progress;
 * drops: unopened packs; collection: NFTs), the way modules add recurring jobs to the scheduler. A request and the job
 * that completes it both ask every check, so assets that arrive during the seven days still stop the deletion.
 */
export const deletionBlockerChecks: DeletionBlockerCheck[] = [
  balanceDeletionBlocker,
  openDepositsDeletionBlocker,
  packsDeletionBlocker,
  editionsDeletionBlocker,
];

export async function findDeletionBlockers(
  tx: Db,
  userId: string,
  checks: readonly DeletionBlockerCheck[] = deletionBlockerChecks,
): Promise<DeletionBlocker[]> {
  const blockers: DeletionBlocker[] = [];
  for (const check of checks) {
    const blocker = await check(tx, userId);
    if (blocker) blockers.push(blocker);
  }
  return blockers;
}

/** 409 ACCOUNT_HAS_ASSETS with one `details` entry per kind still held, so the web can list them. */
export function accountHasAssetsError(blockers: DeletionBlocker[]): AppError {
  return new AppError('ACCOUNT_HAS_ASSETS', {
    details: blockers.map((blocker) => ({ field: blocker.kind, message: blocker.message })),
  });
}
