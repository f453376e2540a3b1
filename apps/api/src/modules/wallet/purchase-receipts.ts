import { inArray, sql } from 'drizzle-orm';
import type { TReceipt } from '@cypher/contract';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { sqlArray } from '../../db/sql-arrays.ts';
import { BALANCE_PAYMENT_METHOD } from './purchase-purses.ts';
import { ledgerTransactions } from './wallet.tables.ts';

/**
 * A receipt's "Payment method" as a person reads it: what paid ("Visa •••• 4242", "Crypto"), and "Balance" for a
 * purchase from the balance, which the ledger records as `balance` (purchase-purses.ts). Every receipt goes through
 * here, so the order's page and the balance's history name it alike.
 */
export function receiptPaymentMethod(stored: string | null): string | null {
  return stored === BALANCE_PAYMENT_METHOD ? 'Balance' : stored;
}

export interface TPaymentRecord {
  id: string;
  paidAt: Date;
  /** What paid, as a receipt shows it (receiptPaymentMethod). */
  paymentMethod: string | null;
  subtotal: number | null;
  serviceFee: number | null;
  paidWithCredit: TReceipt['paidWithCredit'];
}

/** The ledger movements that paid for something, by id, for receipts shown beside another module's rows. */
export async function paymentRecordsByIds(db: Db, ids: readonly string[]): Promise<Map<string, TPaymentRecord>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({
      id: ledgerTransactions.id,
      paidAt: ledgerTransactions.createdAt,
      paymentMethod: ledgerTransactions.paymentMethod,
      subtotal: ledgerTransactions.subtotalAmount,
      serviceFee: ledgerTransactions.serviceFeeAmount,
    })
    .from(ledgerTransactions)
    .where(inArray(ledgerTransactions.id, unique));
  const credits = await creditPaymentsByIds(db, unique);
  return new Map(
    rows.map((row) => [
      row.id,
      {
        ...row,
        paymentMethod: receiptPaymentMethod(row.paymentMethod),
        paidWithCredit: credits.get(row.id) ?? null,
      },
    ]),
  );
}

/**
 * What CYP credit paid of each purchase movement among `ids`, for its receipt: the credit that left the buyer's
 * accounts, and the USD it covered, read from the movement itself (the house's USD revenue and fees are what dollars
 * paid, purchaseMovement), so a receipt keeps the rate it was paid at. Movements without credit are absent.
 */
export async function creditPaymentsByIds(
  db: Db,
  ids: readonly string[],
): Promise<Map<string, NonNullable<TReceipt['paidWithCredit']>>> {
  if (ids.length === 0) return new Map();
  const rows = await queryRows<{ id: string; credit: string; house_usd: string; total: string | null }>(
    db,
    sql`select e.transaction_id as id,
          coalesce(sum(-e.amount) filter (where a.owner_user_id is not null and a.currency = 'CYP' and e.amount < 0), 0) as credit,
          coalesce(sum(e.amount) filter (where a.owner_user_id is null and a.kind in ('revenue', 'fees') and a.currency = 'USD'), 0) as house_usd,
          max(t.subtotal_amount + t.service_fee_amount) as total
        from ledger_entries e
        join ledger_accounts a on a.id = e.account_id
        join ledger_transactions t on t.id = e.transaction_id
        where e.transaction_id = any(${sqlArray([...new Set(ids)])}::uuid[]) and t.kind = 'purchase'
        group by e.transaction_id`,
  );
  return new Map(
    rows
      .filter((row) => Number(row.credit) > 0 && row.total !== null)
      .map((row) => [
        row.id,
        {
          credit: { amount: Number(row.credit), currency: 'CYP' as const },
          covers: { amount: Number(row.total) - Number(row.house_usd), currency: 'USD' as const },
        },
      ]),
  );
}
