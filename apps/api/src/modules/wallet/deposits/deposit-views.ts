import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { TDeposit, THeldPayment } from '@cypher/contract';
import type { Db } from '../../../db/client.ts';
import { heldPaymentsByDepositIds } from '../payment-reviews/held-payments.ts';
import { ledgerTransactions } from '../wallet.tables.ts';
import { openCheckoutUrl } from './deposit-states.ts';
import { deposits, type TDepositRow } from './deposits.tables.ts';
import { CREATED_DEPOSIT_TTL_MS } from './expire-abandoned-deposits.ts';

/**
 * Deposits with the payment method their credit's receipt names (postDeposit's ledger transaction, referenced by
 * `deposit_<method>` and the deposit id): known once the provider confirmed the payment, or from the start for a
 * saved card or Tilia payment method.
 */
export function selectDepositViews(db: Db, where: SQL | undefined) {
  return db
    .select({ deposit: deposits, paymentMethod: ledgerTransactions.paymentMethod })
    .from(deposits)
    .leftJoin(
      ledgerTransactions,
      and(
        eq(ledgerTransactions.kind, 'deposit'),
        eq(ledgerTransactions.referenceType, sql`'deposit_' || ${deposits.method}`),
        eq(ledgerTransactions.referenceId, sql`${deposits.id}::text`),
      ),
    )
    .where(where);
}

export async function depositViews(
  db: Db,
  rows: Array<{ deposit: TDepositRow; paymentMethod: string | null }>,
): Promise<TDeposit[]> {
  const heldPayments = await heldPaymentsByDepositIds(
    db,
    rows.map(({ deposit }) => deposit.id),
  );
  return rows.map((row) => depositView(row, heldPayments.get(row.deposit.id) ?? null));
}

function depositView(
  row: { deposit: TDepositRow; paymentMethod: string | null },
  heldPayment: THeldPayment | null,
): TDeposit {
  const { deposit } = row;
  return {
    id: deposit.id,
    method: deposit.method,
    status: deposit.status,
    amount: { amount: deposit.amount, currency: deposit.currency },
    createdAt: deposit.createdAt.toISOString(),
    updatedAt: deposit.updatedAt.toISOString(),
    failureReason: deposit.failureReason,
    paymentMethod: row.paymentMethod ?? deposit.paymentMethodLabel,
    checkoutUrl: openCheckoutUrl(deposit),
    expiresAt: openUntil(deposit)?.toISOString() ?? null,
    orderId: deposit.orderId,
    heldPayment,
  };
}

/**
 * When an open deposit stops waiting (expire-abandoned-deposits.ts): a created one whose checkout never opened after
 * CREATED_DEPOSIT_TTL_MS, a pending one at its checkout's own expiry, an order's at its hold's end if that comes
 * first. A saved method's charge has none.
 */
function openUntil(deposit: TDepositRow): Date | null {
  const until =
    deposit.status === 'created'
      ? new Date(deposit.createdAt.getTime() + CREATED_DEPOSIT_TTL_MS)
      : deposit.status === 'pending'
        ? deposit.expiresAt
        : null;
  // An order's checkout closes when its hold ends (the order times out, closeOrderCheckout), often before the
  // provider's own expiry.
  const holdEnd = deposit.orderHoldEndsAt;
  return until && holdEnd && holdEnd < until ? holdEnd : until;
}
