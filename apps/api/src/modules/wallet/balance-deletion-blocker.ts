import { and, eq, ne } from 'drizzle-orm';
import { formatMoney } from '@cypher/contract';
import type { Db } from '../../db/client.ts';
import type { DeletionBlocker } from '../users/deletion/deletion-blockers.ts';
import { ledgerAccounts } from './wallet.tables.ts';

/**
 * Spec section 4: an account cannot be deleted while its balance holds money: any part of its USD, which the person
 * paid in. CYP credit (check-in rewards, redeemed codes, airdrops) is never withdrawable and a remainder under a cent
 * can never be spent, so it would block an account for good: it ends with the account instead (the page says so).
 */
export async function balanceDeletionBlocker(tx: Db, userId: string): Promise<DeletionBlocker | null> {
  const rows = await tx
    .select({ currency: ledgerAccounts.currency, balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(
      and(eq(ledgerAccounts.ownerUserId, userId), ne(ledgerAccounts.balance, 0), eq(ledgerAccounts.currency, 'USD')),
    );
  if (rows.length === 0) return null;
  const total = rows.reduce((sum, row) => sum + row.balance, 0);
  return { kind: 'balance', message: `Your balance still holds ${formatMoney({ amount: total, currency: 'USD' })}.` };
}
