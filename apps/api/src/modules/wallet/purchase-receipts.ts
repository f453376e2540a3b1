import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
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
  return new Map(rows.map((row) => [row.id, { ...row, paymentMethod: receiptPaymentMethod(row.paymentMethod) }]));
}
