import type { TCurrency, TUserLedgerAccountKind } from '@cypher/contract';
import type { Db } from '../../db/client.ts';
import { accountKey, lockUserAccounts, type TAccountRef, type TLockedAccount } from './ledger-accounts.ts';
import {
  postLedgerTransactions,
  type TLedgerEntryInput,
  type TLedgerTransactionInput,
} from './post-ledger-transaction.ts';
import { purchaseSpendingOrder, splitPurchase } from './withdrawability.ts';

/**
 * Paying for purchases from the balance, in two steps around the buyer's decision (orders/purchase-from-balance.ts):
 * lock the buyers' spendable accounts once (lockPurchaseAccounts), decide purchase after purchase in memory from what
 * was locked (purchasePurses; a fresh purse per decision pass), then post only the purchases that were accepted, all
 * at once (debitReservedPurchases). Tests: ledger.test.ts, orders/purchase-from-balance.test.ts.
 */

export interface TSpendPart {
  kind: TUserLedgerAccountKind;
  amount: number;
}

/** The buyers' spendable accounts, locked for this transaction, with their balances at the lock. */
export interface TLockedPurchaseAccounts {
  currency: TCurrency;
  locked: Map<string, TLockedAccount>;
}

/** Locks the buyers' spendable accounts in one statement, in the ledger's lock order (writes nothing). */
export async function lockPurchaseAccounts(
  tx: Db,
  userIds: readonly string[],
  currency: TCurrency,
  now: Date,
): Promise<TLockedPurchaseAccounts> {
  const refs = [...new Set(userIds)].flatMap((userId) =>
    purchaseSpendingOrder.map((kind) => ({ userId, kind, currency })),
  );
  return { currency, locked: await lockUserAccounts(tx, refs, now) };
}

/** Money reserved purchase after purchase, from what was locked: a purchase decided later sees what earlier ones took. */
export interface TPurchasePurses {
  /** Takes `amount` of the person's spendable money in the spending order; null (and nothing taken) when short. */
  reserve(userId: string, amount: number): TSpendPart[] | null;
  /** Puts back what `reserve` took, for a purchase refused after its money was set aside. */
  giveBack(userId: string, parts: readonly TSpendPart[]): void;
}

export function purchasePurses(accounts: TLockedPurchaseAccounts): TPurchasePurses {
  const left = new Map<string, number>([...accounts.locked].map(([key, account]) => [key, account.balance]));
  const keyOf = (userId: string, kind: TUserLedgerAccountKind) =>
    accountKey({ userId, kind, currency: accounts.currency });
  return {
    reserve(userId, amount) {
      const balances = Object.fromEntries(
        purchaseSpendingOrder.map((kind) => [kind, left.get(keyOf(userId, kind)) ?? 0]),
      );
      const parts = splitPurchase(amount, balances);
      for (const part of parts ?? [])
        left.set(keyOf(userId, part.kind), (left.get(keyOf(userId, part.kind)) ?? 0) - part.amount);
      return parts;
    },
    giveBack(userId, parts) {
      for (const part of parts)
        left.set(keyOf(userId, part.kind), (left.get(keyOf(userId, part.kind)) ?? 0) + part.amount);
    },
  };
}

export interface TReservedPurchase {
  /** The movement's id, when the caller makes it so its order can name it in the same round trip. */
  ledgerTransactionId?: string;
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
 * Sent as it is called (the accounts are locked already). Returns the movements' ids in the purchases' order.
 */
export function debitReservedPurchases(
  tx: Db,
  accounts: TLockedPurchaseAccounts,
  purchases: readonly TReservedPurchase[],
): Promise<string[]> {
  const { currency } = accounts;
  return postLedgerTransactions(
    tx,
    purchases.map((purchase) =>
      purchaseMovement({
        ...(purchase.ledgerTransactionId ? { id: purchase.ledgerTransactionId } : {}),
        orderId: purchase.orderId,
        description: purchase.description,
        paymentMethod: 'balance',
        paidFrom: purchase.parts.map((part) => ({
          account: { userId: purchase.userId, kind: part.kind, currency },
          amount: part.amount,
        })),
        subtotal: purchase.amount - purchase.serviceFee,
        serviceFee: purchase.serviceFee,
        currency,
        now: purchase.now,
      }),
    ),
    { locked: accounts.locked },
  );
}

/**
 * The one shape of a purchase's ledger movement, however it was paid: what left the buyer's accounts (`paidFrom`),
 * the subtotal to the house's revenue and the service fee to its fees, referenced by the order (so it is paid once),
 * with the receipt spec section 3 shows.
 */
export function purchaseMovement(input: {
  /** The movement's id when the caller names it (TLedgerTransactionInput.id). */
  id?: string;
  orderId: string;
  description: string;
  /** What the receipt names: 'balance', or the card or Tilia method ("Visa •••• 4242"). */
  paymentMethod: string;
  paidFrom: readonly { account: TAccountRef; amount: number }[];
  subtotal: number;
  serviceFee: number;
  currency: TCurrency;
  now: Date;
}): TLedgerTransactionInput {
  const entries: TLedgerEntryInput[] = [
    ...input.paidFrom.map((part) => ({ account: part.account, amount: -part.amount })),
    { account: { system: 'revenue', currency: input.currency }, amount: input.subtotal },
    { account: { system: 'fees', currency: input.currency }, amount: input.serviceFee },
  ];
  return {
    ...(input.id ? { id: input.id } : {}),
    kind: 'purchase',
    reference: { type: 'order', id: input.orderId },
    description: input.description,
    receipt: { paymentMethod: input.paymentMethod, subtotal: input.subtotal, serviceFee: input.serviceFee },
    entries,
    now: input.now,
  };
}
