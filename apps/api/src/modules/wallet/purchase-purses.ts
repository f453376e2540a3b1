import type { TCurrency, TUserLedgerAccountKind } from '@cypher/contract';
import type { Db } from '../../db/client.ts';
import { accountKey, lockUserAccounts, type TLockedAccount } from './ledger-accounts.ts';
import { postLedgerTransactions } from './post-ledger-transaction.ts';
import { purchaseSpendingOrder, splitPurchase } from './withdrawability.ts';

interface TSpendPart {
  kind: TUserLedgerAccountKind;
  amount: number;
}

/**
 * Buyers' spendable money, locked for one transaction: purchases reserve from it in memory, one after another, so a
 * batch of purchases by the same person is checked in order as if they came one by one, and only the ones that were
 * covered are then posted, all at once.
 */
export interface TPurchasePurses {
  currency: TCurrency;
  locked: Map<string, TLockedAccount>;
  /** Takes `amount` of the person's spendable money in the spending order; null (and nothing taken) when short. */
  reserve(userId: string, amount: number): TSpendPart[] | null;
}

/** Locks the buyers' spendable accounts (one statement, the ledger's lock order) and opens their purses. */
export async function openPurchasePurses(
  tx: Db,
  userIds: readonly string[],
  currency: TCurrency,
  now: Date,
): Promise<TPurchasePurses> {
  const refs = [...new Set(userIds)].flatMap((userId) => purchaseSpendingOrder.map((kind) => ({ userId, kind, currency })));
  const locked = await lockUserAccounts(tx, refs, now);
  const left = new Map<string, number>([...locked].map(([key, account]) => [key, account.balance]));
  return {
    currency,
    locked,
    reserve(userId, amount) {
      const keyOf = (kind: TUserLedgerAccountKind) => accountKey({ userId, kind, currency });
      const balances = Object.fromEntries(purchaseSpendingOrder.map((kind) => [kind, left.get(keyOf(kind)) ?? 0]));
      const parts = splitPurchase(amount, balances);
      for (const part of parts ?? []) left.set(keyOf(part.kind), (left.get(keyOf(part.kind)) ?? 0) - part.amount);
      return parts;
    },
  };
}

export interface TReservedPurchase {
  userId: string;
  parts: TSpendPart[];
  /** What the person pays in total: price plus service fee, in minor units. */
  amount: number;
  /** Of `amount`, the service fee (credited to `fees`; the rest to `revenue`). */
  serviceFee: number;
  orderId: string;
  description: string;
  now: Date;
}

/**
 * Posts reserved purchases in one ledger call (writes ledger_accounts, ledger_transactions, ledger_entries): each is
 * its own movement, referenced by its order, so a second debit of the same order is refused by the unique reference.
 * Returns the movements' ids in the purchases' order.
 */
export function debitReservedPurchases(
  tx: Db,
  purses: TPurchasePurses,
  purchases: readonly TReservedPurchase[],
): Promise<string[]> {
  const { currency } = purses;
  return postLedgerTransactions(
    tx,
    purchases.map((purchase) => ({
      kind: 'purchase' as const,
      reference: { type: 'order', id: purchase.orderId },
      description: purchase.description,
      receipt: { paymentMethod: 'balance', subtotal: purchase.amount - purchase.serviceFee, serviceFee: purchase.serviceFee },
      entries: [
        ...purchase.parts.map((part) => ({ account: { userId: purchase.userId, kind: part.kind, currency }, amount: -part.amount })),
        { account: { system: 'revenue' as const, currency }, amount: purchase.amount - purchase.serviceFee },
        { account: { system: 'fees' as const, currency }, amount: purchase.serviceFee },
      ],
      now: purchase.now,
    })),
    { locked: purses.locked },
  );
}
