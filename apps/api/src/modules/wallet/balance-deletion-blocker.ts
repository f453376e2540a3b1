import { and, eq, ne } from 'drizzle-orm';
import { formatMoney, type TUserLedgerAccountKind } from '@cypher/contract';
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
    .select({ kind: ledgerAccounts.kind, balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(
      and(eq(ledgerAccounts.ownerUserId, userId), ne(ledgerAccounts.balance, 0), eq(ledgerAccounts.currency, 'USD')),
    );
  if (rows.length === 0) return null;
  const usd = (amount: number) => formatMoney({ amount, currency: 'USD' });
  const total = rows.reduce((sum, row) => sum + row.balance, 0);
  // Which part is which says what the person can do now: withdraw one, wait for the others.
  const parts = partOrder.flatMap((kind) => {
    const amount = rows.filter((row) => row.kind === kind).reduce((sum, row) => sum + row.balance, 0);
    return amount === 0 ? [] : [`${usd(amount)} ${partWords[kind]}`];
  });
  const message = rows.every((row) => row.kind === 'withdrawable')
    ? `Your balance still holds ${usd(total)}.`
    : `Your balance still holds ${usd(total)}: ${parts.join(', ')}.`;
  return { kind: 'balance', message };
}

const partOrder: readonly TUserLedgerAccountKind[] = ['withdrawable', 'unsettled', 'held', 'non_withdrawable'];

const partWords: Record<TUserLedgerAccountKind, string> = {
  withdrawable: 'you can withdraw now',
  unsettled: 'still settling (a card or Tilia payment, withdrawable once it settles)',
  held: 'held while a withdrawal is reviewed',
  non_withdrawable: 'that cannot be withdrawn',
};
