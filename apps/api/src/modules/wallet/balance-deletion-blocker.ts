import { and, eq, ne } from 'drizzle-orm';
import { formatMoney } from '@cypher/contract';
import type { Db } from '../../db/client.ts';
import type { DeletionBlocker } from '../users/deletion/deletion-blockers.ts';
import { ledgerAccounts } from './wallet.tables.ts';

/** Spec section 4: an account cannot be deleted while any of its balances (any part, any currency) holds money. */
export async function balanceDeletionBlocker(tx: Db, userId: string): Promise<DeletionBlocker | null> {
  const rows = await tx
    .select({ currency: ledgerAccounts.currency, balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.ownerUserId, userId), ne(ledgerAccounts.balance, 0)));
  if (rows.length === 0) return null;
  const totals = new Map<string, number>();
  for (const row of rows) totals.set(row.currency, (totals.get(row.currency) ?? 0) + row.balance);
  const amounts = [...totals.entries()]
    .sort(([a], [b]) => (a < b ? 1 : -1))
    .map(([currency, amount]) => formatMoney({ amount, currency: currency as 'USD' | 'CYP' }));
  return { kind: 'balance', message: `Your balance still holds ${amounts.join(' and ')}.` };
}
