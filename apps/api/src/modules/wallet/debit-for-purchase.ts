import { and, asc, eq, inArray } from 'drizzle-orm';
import type { TCurrency, TUserLedgerAccountKind } from '@cypher/contract';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import { postLedgerTransaction } from './post-ledger-transaction.ts';
import { ledgerAccounts } from './wallet.tables.ts';
import { spendableKinds, splitPurchase } from './withdrawability.ts';

export interface TPurchaseDebitInput {
  userId: string;
  /** What the person pays in total: price plus service fee, in minor units. */
  amount: number;
  currency: TCurrency;
  /** Of `amount`, the service fee (credited to `fees`; the rest to `revenue`). */
  serviceFee?: number;
  orderId: string;
  description?: string;
  now: Date;
}

/**
 * Pays for an order from the balance, inside the order's transaction (the orders issue calls this). Spends in the
 * order of the withdrawability rule; INSUFFICIENT_FUNDS when the spendable parts do not cover it, and a second
 * debit for the same order is refused by the ledger's unique reference.
 */
export async function debitForPurchase(tx: Db, input: TPurchaseDebitInput): Promise<string> {
  const serviceFee = input.serviceFee ?? 0;
  if (!Number.isSafeInteger(input.amount) || input.amount <= 0) throw new Error('a purchase is a positive amount');
  if (!Number.isSafeInteger(serviceFee) || serviceFee < 0 || serviceFee > input.amount) {
    throw new Error('the service fee is part of the amount');
  }
  // Lock the person's spendable rows (in id order, like every balance change) so the split is computed from the
  // balances the UPDATEs will meet; the conditional UPDATE in postLedgerTransaction still guards every debit.
  const rows = await tx
    .select({ kind: ledgerAccounts.kind, balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(
      and(
        eq(ledgerAccounts.ownerUserId, input.userId),
        eq(ledgerAccounts.currency, input.currency),
        inArray(ledgerAccounts.kind, [...spendableKinds]),
      ),
    )
    .orderBy(asc(ledgerAccounts.id))
    .for('update');
  const balances = Object.fromEntries(rows.map((row) => [row.kind, row.balance])) as Partial<
    Record<TUserLedgerAccountKind, number>
  >;
  const parts = splitPurchase(input.amount, balances);
  if (!parts) throw new AppError('INSUFFICIENT_FUNDS');
  const price = input.amount - serviceFee;
  return postLedgerTransaction(tx, {
    kind: 'purchase',
    reference: { type: 'order', id: input.orderId },
    description: input.description ?? 'Purchase',
    receipt: { paymentMethod: 'balance', subtotal: price, serviceFee },
    entries: [
      ...parts.map((part) => ({
        account: { userId: input.userId, kind: part.kind, currency: input.currency },
        amount: -part.amount,
      })),
      { account: { system: 'revenue', currency: input.currency }, amount: price },
      { account: { system: 'fees', currency: input.currency }, amount: serviceFee },
    ],
    now: input.now,
  });
}
