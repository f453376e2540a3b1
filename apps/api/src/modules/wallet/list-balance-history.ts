import { and, countDistinct, desc, eq, sql } from 'drizzle-orm';
import type { TBalanceHistoryItem, TPage, TPageQuery } from '@cypher/contract';
import type { Db } from '../../db/client.ts';
import { pageWindow, toPage } from '../../http/pagination.ts';
import { creditPaymentsByIds, receiptPaymentMethod } from './purchase-receipts.ts';
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from './wallet.tables.ts';

const paymentKinds = new Set(['deposit', 'purchase']);

/**
 * `GET /v1/balances`: the person's movements, newest first, one item per ledger transaction and currency (a purchase
 * that spends two parts is one line), with a receipt for payments.
 */
export async function listBalanceHistory(
  db: Db,
  userId: string,
  query: TPageQuery,
  merchant: string,
): Promise<TPage<TBalanceHistoryItem>> {
  const mine = eq(ledgerAccounts.ownerUserId, userId);
  const partSum = (condition: ReturnType<typeof sql>) =>
    sql<string>`coalesce(sum(${ledgerEntries.amount}) filter (where ${condition}), 0)`;
  const { limit, offset } = pageWindow(query);
  const rows = await db
    .select({
      transactionId: ledgerTransactions.id,
      kind: ledgerTransactions.kind,
      description: ledgerTransactions.description,
      paymentMethod: ledgerTransactions.paymentMethod,
      subtotal: ledgerTransactions.subtotalAmount,
      serviceFee: ledgerTransactions.serviceFeeAmount,
      createdAt: ledgerTransactions.createdAt,
      currency: ledgerEntries.currency,
      amount: sql<string>`sum(${ledgerEntries.amount})`,
      withdrawable: partSum(sql`${ledgerAccounts.kind} = 'withdrawable'`),
      nonWithdrawable: partSum(sql`${ledgerAccounts.kind} in ('unsettled', 'non_withdrawable')`),
      held: partSum(sql`${ledgerAccounts.kind} = 'held'`),
    })
    .from(ledgerEntries)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .where(mine)
    .groupBy(ledgerTransactions.id, ledgerEntries.currency)
    .orderBy(desc(ledgerTransactions.createdAt), desc(ledgerTransactions.id), ledgerEntries.currency)
    .limit(limit)
    .offset(offset);
  const [counted] = await db
    .select({
      total: countDistinct(sql`(${ledgerEntries.transactionId}, ${ledgerEntries.currency})`),
    })
    .from(ledgerEntries)
    .innerJoin(ledgerAccounts, and(eq(ledgerAccounts.id, ledgerEntries.accountId), mine));

  const credits = await creditPaymentsByIds(
    db,
    rows.flatMap((row) => (row.kind === 'purchase' ? [row.transactionId] : [])),
  );
  const items = rows.map((row): TBalanceHistoryItem => {
    const money = (amount: number | string) => ({ amount: Number(amount), currency: row.currency });
    // A receipt is in USD, whichever part of the price this line's currency paid (CYP credit pays cents of it).
    const usd = (amount: number) => ({ amount, currency: 'USD' as const });
    const isPayment = paymentKinds.has(row.kind) && row.subtotal !== null;
    return {
      transactionId: row.transactionId,
      kind: row.kind,
      description: row.description,
      amount: money(row.amount),
      withdrawable: money(row.withdrawable),
      nonWithdrawable: money(row.nonWithdrawable),
      held: money(row.held),
      createdAt: row.createdAt.toISOString(),
      receipt: isPayment
        ? {
            paymentId: row.transactionId,
            merchant,
            paidAt: row.createdAt.toISOString(),
            paymentMethod: receiptPaymentMethod(row.paymentMethod),
            subtotal: usd(row.subtotal ?? 0),
            serviceFee: usd(row.serviceFee ?? 0),
            totalPaid: usd((row.subtotal ?? 0) + (row.serviceFee ?? 0)),
            paidWithCredit: credits.get(row.transactionId) ?? null,
          }
        : null,
    };
  });
  return toPage(items, query, Number(counted?.total ?? 0));
}
