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
 * at once (debitReservedPurchases). Prices are USD cents; CYP credit (check-in rewards, redeemed codes, airdrops:
 * never withdrawable) is spent first, a cent for every `creditPerCent` CYP minor units, then the USD parts in the
 * withdrawability rule's order (decision record 8). Tests: ledger.test.ts, orders/purchase-from-balance.test.ts,
 * orders/credit-purchases.test.ts.
 */

export interface TSpendPart {
  kind: TUserLedgerAccountKind;
  currency: TCurrency;
  /** Minor units of `currency`. */
  amount: number;
}

/** The buyers' spendable accounts, locked for this transaction, with their balances at the lock. */
export interface TLockedPurchaseAccounts {
  locked: Map<string, TLockedAccount>;
}

/** The CYP credit a purchase spends first, then the USD parts in spending order. */
const CREDIT = { kind: 'non_withdrawable', currency: 'CYP' } as const;

/** Locks the buyers' spendable accounts (their CYP credit and USD parts) in one statement, in the lock order (writes nothing). */
export async function lockPurchaseAccounts(
  tx: Db,
  userIds: readonly string[],
  now: Date,
): Promise<TLockedPurchaseAccounts> {
  const refs = [...new Set(userIds)].flatMap((userId) => [
    { userId, ...CREDIT },
    ...purchaseSpendingOrder.map((kind) => ({ userId, kind, currency: 'USD' as const })),
  ]);
  return { locked: await lockUserAccounts(tx, refs, now) };
}

/** Money reserved purchase after purchase, from what was locked: a purchase decided later sees what earlier ones took. */
export interface TPurchasePurses {
  /**
   * Takes `amount` USD cents of the person's spendable money: whole cents of CYP credit first (`creditPerCent` CYP
   * minor units each; none when null), then USD in the spending order; null (and nothing taken) when short.
   */
  reserve(userId: string, amount: number, creditPerCent: number | null): TSpendPart[] | null;
  /** Puts back what `reserve` took, for a purchase refused after its money was set aside. */
  giveBack(userId: string, parts: readonly TSpendPart[]): void;
}

export function purchasePurses(accounts: TLockedPurchaseAccounts): TPurchasePurses {
  const left = new Map<string, number>([...accounts.locked].map(([key, account]) => [key, account.balance]));
  const keyOf = (userId: string, part: { kind: TUserLedgerAccountKind; currency: TCurrency }) =>
    accountKey({ userId, kind: part.kind, currency: part.currency });
  const take = (userId: string, part: TSpendPart, sign: 1 | -1) =>
    left.set(keyOf(userId, part), (left.get(keyOf(userId, part)) ?? 0) + sign * part.amount);
  return {
    reserve(userId, amount, creditPerCent) {
      const credit = creditPerCent ? Math.max(0, left.get(keyOf(userId, CREDIT)) ?? 0) : 0;
      const creditCents = creditPerCent ? Math.min(amount, Math.floor(credit / creditPerCent)) : 0;
      const usd = (kind: TUserLedgerAccountKind) => left.get(keyOf(userId, { kind, currency: 'USD' })) ?? 0;
      const usdParts = splitPurchase(
        amount - creditCents,
        Object.fromEntries(purchaseSpendingOrder.map((kind) => [kind, usd(kind)])),
      );
      if (!usdParts) return null;
      const parts: TSpendPart[] = [
        ...(creditCents > 0 ? [{ ...CREDIT, amount: creditCents * creditPerCent! }] : []),
        ...usdParts.map((part) => ({ ...part, currency: 'USD' as const })),
      ];
      for (const part of parts) take(userId, part, -1);
      return parts;
    },
    giveBack(userId, parts) {
      for (const part of parts) take(userId, part, 1);
    },
  };
}

export interface TReservedPurchase {
  /** The movement's id, when the caller makes it so its order can name it in the same round trip. */
  ledgerTransactionId?: string;
  userId: string;
  parts: TSpendPart[];
  /** What the person pays in total: price plus service fee, in USD cents. */
  amount: number;
  /** CYP minor units a cent of it cost where paid with credit (as reserved), or null. */
  creditPerCent: number | null;
  /** Of `amount`, the service fee (credited to `fees`; the rest to `revenue`). */
  serviceFee: number;
  orderId: string;
  description: string;
  now: Date;
}

/**
 * The payment method a purchase from the balance records. Any other (a card's or Tilia's) marks a purchase its own
 * deposit paid in the same transaction: money that passed through the balance without staying (settle-deposits.ts).
 */
export const BALANCE_PAYMENT_METHOD = 'balance';

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
  return postLedgerTransactions(
    tx,
    purchases.map((purchase) =>
      purchaseMovement({
        ...(purchase.ledgerTransactionId ? { id: purchase.ledgerTransactionId } : {}),
        orderId: purchase.orderId,
        description: purchase.description,
        paymentMethod: BALANCE_PAYMENT_METHOD,
        paidFrom: purchase.parts.map((part) => ({
          account: { userId: purchase.userId, kind: part.kind, currency: part.currency },
          amount: part.amount,
        })),
        subtotal: purchase.amount - purchase.serviceFee,
        serviceFee: purchase.serviceFee,
        creditPerCent: purchase.creditPerCent,
        now: purchase.now,
      }),
    ),
    { locked: accounts.locked },
  );
}

/**
 * The one shape of a purchase's ledger movement, however it was paid: what left the buyer's accounts (`paidFrom`),
 * the subtotal to the house's revenue and the service fee to its fees, referenced by the order (so it is paid once),
 * with the receipt spec section 3 shows (in USD). Cents paid with CYP credit reach revenue, then fees, in CYP (each
 * currency sums to zero on its own; the house's CYP revenue against its CYP promotions is what the credit cost it).
 */
export function purchaseMovement(input: {
  /** The movement's id when the caller names it (TLedgerTransactionInput.id). */
  id?: string;
  orderId: string;
  description: string;
  /** What the receipt names: 'balance', or the card or Tilia method ("Visa •••• 4242"). */
  paymentMethod: string;
  paidFrom: readonly { account: TAccountRef; amount: number }[];
  /** USD cents. */
  subtotal: number;
  serviceFee: number;
  /** CYP minor units per cent of the parts paid in CYP; needed only when some are. */
  creditPerCent?: number | null;
  now: Date;
}): TLedgerTransactionInput {
  const credit = input.paidFrom
    .filter((part) => part.account.currency === 'CYP')
    .reduce((sum, part) => sum + part.amount, 0);
  if (credit > 0 && (!input.creditPerCent || credit % input.creditPerCent !== 0)) {
    throw new Error('CYP credit pays whole cents of a purchase');
  }
  const creditCents = credit > 0 ? credit / input.creditPerCent! : 0;
  const creditToSubtotal = Math.min(creditCents, input.subtotal);
  const creditToFee = creditCents - creditToSubtotal;
  const house = (system: 'revenue' | 'fees', currency: TCurrency, amount: number) => ({
    account: { system, currency },
    amount,
  });
  const entries: TLedgerEntryInput[] = [
    ...input.paidFrom.map((part) => ({ account: part.account, amount: -part.amount })),
    house('revenue', 'USD', input.subtotal - creditToSubtotal),
    house('fees', 'USD', input.serviceFee - creditToFee),
    house('revenue', 'CYP', creditToSubtotal * (input.creditPerCent ?? 0)),
    house('fees', 'CYP', creditToFee * (input.creditPerCent ?? 0)),
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
