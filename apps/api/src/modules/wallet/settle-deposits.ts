import { aliasedTable, and, asc, eq, lte, notExists, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { inTransaction } from '../../db/transaction.ts';
import { isDuplicateLedgerReference, postLedgerTransaction } from './post-ledger-transaction.ts';
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from './wallet.tables.ts';
import { settlementAmount, settlementCutoff } from './withdrawability.ts';

const BATCH_SIZE = 200;

/**
 * The recurring job of the withdrawability rule: card and Tilia deposits older than the settlement delay become
 * withdrawable. Each deposit settles in its own transaction with a `settlement` ledger transaction whose unique
 * reference is the deposit, so runs that overlap (several instances, a retry) settle each deposit once.
 * Returns how many deposits it settled.
 */
export async function settleDeposits(db: Db, now: Date, settlementDays: number): Promise<number> {
  const cutoff = settlementCutoff(now, settlementDays);
  const settlements = aliasedTable(ledgerTransactions, 'settlements');
  let settled = 0;
  for (;;) {
    const due = await db
      .select({
        depositId: ledgerTransactions.id,
        amount: ledgerEntries.amount,
        accountId: ledgerAccounts.id,
        userId: ledgerAccounts.ownerUserId,
        currency: ledgerAccounts.currency,
      })
      .from(ledgerTransactions)
      .innerJoin(ledgerEntries, eq(ledgerEntries.transactionId, ledgerTransactions.id))
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
      .where(
        and(
          eq(ledgerTransactions.kind, 'deposit'),
          eq(ledgerAccounts.kind, 'unsettled'),
          lte(ledgerTransactions.createdAt, cutoff),
          notExists(
            db
              .select({ one: sql`1` })
              .from(settlements)
              .where(
                and(
                  eq(settlements.kind, 'settlement'),
                  eq(settlements.referenceType, 'ledger_transaction'),
                  eq(settlements.referenceId, sql`${ledgerTransactions.id}::text`),
                ),
              ),
          ),
        ),
      )
      .orderBy(asc(ledgerTransactions.createdAt), asc(ledgerTransactions.id))
      .limit(BATCH_SIZE);
    for (const deposit of due) {
      try {
        await inTransaction(db, async (tx) => {
          const [account] = await tx
            .select({ balance: ledgerAccounts.balance })
            .from(ledgerAccounts)
            .where(eq(ledgerAccounts.id, deposit.accountId))
            .for('update');
          const amount = settlementAmount(deposit.amount, account?.balance ?? 0);
          // Recorded even when nothing is left to settle (all of it was spent), so the deposit is not looked at again.
          await postLedgerTransaction(tx, {
            kind: 'settlement',
            reference: { type: 'ledger_transaction', id: deposit.depositId },
            description: 'Funds became withdrawable',
            entries: [
              { account: { userId: deposit.userId!, kind: 'unsettled', currency: deposit.currency }, amount: -amount },
              { account: { userId: deposit.userId!, kind: 'withdrawable', currency: deposit.currency }, amount },
            ],
            now,
          });
        });
        settled += 1;
      } catch (error) {
        if (!isDuplicateLedgerReference(error)) throw error;
      }
    }
    if (due.length < BATCH_SIZE) return settled;
  }
}
