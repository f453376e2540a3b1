import { and, eq, sql } from 'drizzle-orm';
import type { TCurrency, TLedgerTransactionKind } from '@cypher/contract';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { AppError } from '../../http/app-error.ts';
import { newId } from '../../lib/ids.ts';
import { accountKey, ensureLedgerAccount, type TAccountRef } from './ledger-accounts.ts';
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from './wallet.tables.ts';

export interface TLedgerEntryInput {
  account: TAccountRef;
  /** Signed minor units in the account's currency: positive adds to the account, negative takes from it. */
  amount: number;
}

export interface TLedgerTransactionInput {
  kind: TLedgerTransactionKind;
  /** What the movement is about; (kind, type, id) is unique, so the same thing never moves money twice. */
  reference: { type: string; id: string };
  description: string;
  /** Payments only: what the receipt shows (spec section 3). */
  receipt?: { paymentMethod: string; subtotal: number; serviceFee: number };
  entries: TLedgerEntryInput[];
  now: Date;
}

/** A caller's bug, never a user's mistake: it becomes a 500 and is reported. */
export class LedgerInvariantError extends Error {
  override name = 'LedgerInvariantError';
}

/** The unique reference was already used: the same order, deposit or withdrawal step was already posted. */
export function isDuplicateLedgerReference(error: unknown): boolean {
  return isUniqueViolation(error, 'ledger_transactions_reference_key');
}

/**
 * The one way money moves (ARCHITECTURE rule 4). Inside the caller's transaction (rule 9): checks that the entries
 * sum to zero per currency, changes each balance with one conditional UPDATE whose row count is checked, and writes
 * the transaction and its entries. A debit that would take an account below zero throws INSUFFICIENT_FUNDS, and the
 * caller's transaction rolls everything back. Returns the ledger transaction id.
 */
export async function postLedgerTransaction(tx: Db, input: TLedgerTransactionInput): Promise<string> {
  const entries = input.entries.filter((entry) => entry.amount !== 0);
  assertBalanced(entries);

  // Resolve accounts in a fixed order, then change balances in id order: two transactions touching the same accounts
  // always lock them in the same order, so they queue instead of deadlocking.
  const accountIds = new Map<string, string>();
  const refs = [...new Map(entries.map((entry) => [accountKey(entry.account), entry.account])).entries()].sort(
    ([a], [b]) => (a < b ? -1 : a > b ? 1 : 0),
  );
  for (const [key, ref] of refs) accountIds.set(key, await ensureLedgerAccount(tx, ref, input.now));

  const deltas = new Map<string, number>();
  for (const entry of entries) {
    const id = accountIds.get(accountKey(entry.account))!;
    deltas.set(id, (deltas.get(id) ?? 0) + entry.amount);
  }
  for (const [accountId, delta] of [...deltas.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    if (delta === 0) continue;
    const changed = await tx
      .update(ledgerAccounts)
      .set({ balance: sql`${ledgerAccounts.balance} + ${delta}` })
      .where(
        and(
          eq(ledgerAccounts.id, accountId),
          sql`(${ledgerAccounts.allowsNegative} or ${ledgerAccounts.balance} + ${delta} >= 0)`,
        ),
      )
      .returning({ id: ledgerAccounts.id });
    if (changed.length !== 1) throw new AppError('INSUFFICIENT_FUNDS');
  }

  const transactionId = newId();
  await tx.insert(ledgerTransactions).values({
    id: transactionId,
    kind: input.kind,
    referenceType: input.reference.type,
    referenceId: input.reference.id,
    description: input.description,
    paymentMethod: input.receipt?.paymentMethod ?? null,
    subtotalAmount: input.receipt?.subtotal ?? null,
    serviceFeeAmount: input.receipt?.serviceFee ?? null,
    createdAt: input.now,
  });
  if (entries.length > 0) {
    await tx.insert(ledgerEntries).values(
      entries.map((entry) => ({
        id: newId(),
        transactionId,
        accountId: accountIds.get(accountKey(entry.account))!,
        currency: entry.account.currency,
        amount: entry.amount,
        createdAt: input.now,
      })),
    );
  }
  return transactionId;
}

function assertBalanced(entries: TLedgerEntryInput[]): void {
  const sums = new Map<TCurrency, number>();
  for (const entry of entries) {
    if (!Number.isSafeInteger(entry.amount)) {
      throw new LedgerInvariantError(`ledger amounts are integer minor units, got ${entry.amount}`);
    }
    sums.set(entry.account.currency, (sums.get(entry.account.currency) ?? 0) + entry.amount);
  }
  for (const [currency, sum] of sums) {
    if (sum !== 0) throw new LedgerInvariantError(`ledger entries sum to ${sum} ${currency}, not zero`);
  }
}
