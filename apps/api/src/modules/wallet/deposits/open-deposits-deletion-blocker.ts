import { and, eq, inArray } from 'drizzle-orm';
import { formatMoney, openDepositStatuses } from '@cypher/contract';
import type { Db } from '../../../db/client.ts';
import type { DeletionBlocker } from '../../users/deletion/deletion-blockers.ts';
import { deposits } from './deposits.tables.ts';

/**
 * A deposit the provider may still pay at any moment (openDepositStatuses): an intent (created) or an open checkout or
 * charge (pending). Expired ones are not here, although a late payment still credits them (decision record 11): no
 * window ends that, so counting them would keep an account that ever abandoned a checkout from being deleted at all. A
 * payment that lands after the deletion is held for review instead of credited (apply-payment-event.ts,
 * account_deleted).
 *
 * Spec section 4 asks for an empty balance before deletion; a payment still in progress would fill it again after the
 * account is gone, so it blocks like a balance does, until it succeeds (then the balance blocks) or ends.
 *
 * Route: POST /v1/users/delete-request and the deletion job, through deletion-blockers.ts · Reads: deposits ·
 * UI: features/users/account-delete-page.tsx · Tests: users/deletion/deletion.test.ts.
 */
export async function openDepositsDeletionBlocker(tx: Db, userId: string): Promise<DeletionBlocker | null> {
  const rows = await tx
    .select({ amount: deposits.amount })
    .from(deposits)
    .where(and(eq(deposits.userId, userId), inArray(deposits.status, openDepositStatuses)));
  if (rows.length === 0) return null;
  const total = formatMoney({ amount: rows.reduce((sum, row) => sum + row.amount, 0), currency: 'USD' });
  return {
    kind: 'deposits',
    message:
      rows.length === 1
        ? `A payment of ${total} you started is still in progress. Wait until it completes or expires.`
        : `${rows.length} payments you started (${total} in all) are still in progress. Wait until they complete or expire.`,
  };
}
