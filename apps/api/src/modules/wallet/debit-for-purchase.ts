import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import { postLedgerTransaction } from './post-ledger-transaction.ts';
import { debitReservedPurchases, lockPurchaseAccounts, purchaseMovement, purchasePurses } from './purchase-purses.ts';
import { fundingRules } from './withdrawability.ts';

export interface TPurchaseDebitInput {
  userId: string;
  /** What the person pays in total: price plus service fee, in USD cents. */
  amount: number;
  /** CYP minor units a cent costs in CYP credit, spent first; none when absent (TOrderPrice.creditPerCent). */
  creditPerCent?: number | null;
  /** Of `amount`, the service fee (credited to `fees`; the rest to `revenue`). */
  serviceFee?: number;
  orderId: string;
  description?: string;
  now: Date;
}

/**
 * Pays for one order from the balance, inside the order's transaction. Spends in the order of the withdrawability
 * rule; INSUFFICIENT_FUNDS when the spendable parts do not cover it, and a second debit for the same order is refused
 * by the ledger's unique reference. Two statements: lock the person's spendable accounts (the ledger's lock order: a
 * person's rows before the house's), then the posting. Batches of purchases use the purses directly.
 */
export async function debitForPurchase(tx: Db, input: TPurchaseDebitInput): Promise<string> {
  const serviceFee = input.serviceFee ?? 0;
  if (!Number.isSafeInteger(input.amount) || input.amount <= 0) throw new Error('a purchase is a positive amount');
  if (!Number.isSafeInteger(serviceFee) || serviceFee < 0 || serviceFee > input.amount) {
    throw new Error('the service fee is part of the amount');
  }
  const accounts = await lockPurchaseAccounts(tx, [input.userId], input.now);
  const parts = purchasePurses(accounts).reserve(input.userId, input.amount, input.creditPerCent ?? null);
  if (!parts) throw new AppError('INSUFFICIENT_FUNDS');
  const [id] = await debitReservedPurchases(tx, accounts, [
    {
      userId: input.userId,
      parts,
      amount: input.amount,
      serviceFee,
      creditPerCent: input.creditPerCent ?? null,
      orderId: input.orderId,
      description: input.description ?? 'Purchase',
      now: input.now,
    },
  ]);
  return id!;
}

/**
 * Pays for an order with the money a card or Tilia deposit just credited, in the transaction that credited it (the
 * orders' deposit listener calls this): the total leaves the account the deposit landed in, revenue and fees take
 * their parts, and the receipt names what paid ("Visa •••• 4242"). The ledger's unique reference refuses a second
 * payment of the same order.
 */
export async function debitDepositForPurchase(
  tx: Db,
  input: {
    userId: string;
    source: 'card' | 'tilia';
    subtotal: number;
    serviceFee: number;
    orderId: string;
    paymentMethod: string;
    description: string;
    now: Date;
  },
): Promise<string> {
  const account = { userId: input.userId, kind: fundingRules[input.source].creditTo, currency: 'USD' as const };
  return postLedgerTransaction(
    tx,
    purchaseMovement({
      orderId: input.orderId,
      description: input.description,
      paymentMethod: input.paymentMethod,
      paidFrom: [{ account, amount: input.subtotal + input.serviceFee }],
      subtotal: input.subtotal,
      serviceFee: input.serviceFee,
      now: input.now,
    }),
  );
}
