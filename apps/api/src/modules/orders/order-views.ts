import type { TOrder } from '@cypher/contract';
import type { Db } from '../../db/client.ts';
import { dropSummariesByIds } from '../drops/drop-summaries.ts';
import { packIdsOfOrders } from '../drops/packs/pack-claims.ts';
import { checkoutUrlsByDepositIds } from '../wallet/deposits/deposit-answer.ts';
import { heldPaymentsByOrderIds } from '../wallet/payment-reviews/held-payments.ts';
import { paymentRecordsByIds } from '../wallet/purchase-receipts.ts';
import { passSummariesByIds } from '../passes/pass-views.ts';
import { ticketKindSummariesByIds } from '../tickets/ticket-kind-summaries.ts';
import type { TOrderRow } from './orders.tables.ts';
import { itemPathOf } from './sale-items.ts';

const usd = (amount: number) => ({ amount, currency: 'USD' as const });

/**
 * Route: the order reads of get-my-orders.ts · Writes: nothing · Reads: drops and passes (summaries), packs, deposits
 * (open checkouts) and the ledger (receipts), each through its owner module · Tests: orders.test.ts, card-orders.test.ts.
 *
 * Orders as their buyer sees them, for a page of rows at once: the item (the drop or the pass) and its brand, the packs, the checkout of a
 * pending card or Tilia payment, and spec section 3's receipt from the ledger movement that paid (each asked of its
 * owner module by id, one query each).
 */
export async function orderViews(db: Db, rows: TOrderRow[], merchant: string): Promise<TOrder[]> {
  if (rows.length === 0) return [];
  const dropsById = await dropSummariesByIds(
    db,
    rows.flatMap((row) => row.dropId ?? []),
  );
  const passesById = await passSummariesByIds(
    db,
    rows.flatMap((row) => (row.itemKind === 'PASS' ? [row.itemId] : [])),
  );
  const ticketKindsById = await ticketKindSummariesByIds(
    db,
    rows.flatMap((row) => (row.itemKind === 'TICKET' ? [row.itemId] : [])),
  );
  const packIds = await packIdsOfOrders(
    db,
    rows.map((row) => row.id),
  );
  const payments = await paymentRecordsByIds(
    db,
    rows.flatMap((row) => (row.ledgerTransactionId ? [row.ledgerTransactionId] : [])),
  );
  // Only a card or Tilia order (one with a checkout) can have had its payment held.
  const heldPayments = await heldPaymentsByOrderIds(
    db,
    rows.flatMap((row) => (row.depositId ? [row.id] : [])),
  );
  const checkouts = await checkoutUrlsByDepositIds(
    db,
    rows.flatMap((row) => (row.status === 'PENDING' && row.depositId ? [row.depositId] : [])),
  );

  return rows.map((row) => {
    const summary = row.dropId ? dropsById.get(row.dropId) : undefined;
    const drop = summary
      ? { id: summary.id, name: summary.name, imageUrl: summary.imageUrl, brand: summary.brand }
      : null;
    const named =
      drop ??
      (row.itemKind === 'PASS' ? passesById.get(row.itemId) : undefined) ??
      (row.itemKind === 'TICKET' ? ticketKindsById.get(row.itemId) : undefined);
    const payment = row.ledgerTransactionId ? payments.get(row.ledgerTransactionId) : undefined;
    const subtotal = payment?.subtotal ?? row.subtotal;
    const serviceFee = payment?.serviceFee ?? row.serviceFee;
    return {
      id: row.id,
      status: row.status,
      item: {
        kind: row.itemKind,
        id: row.itemId,
        name: named?.name ?? 'Unavailable',
        imageUrl: named?.imageUrl ?? null,
        brand: named?.brand ?? null,
        linkPath: itemPathOf(row),
      },
      drop,
      round: row.round,
      quantity: row.quantity,
      paymentMethod: row.paymentMethod,
      unitPrice: usd(row.unitPrice),
      subtotal: usd(row.subtotal),
      serviceFee: usd(row.serviceFee),
      total: usd(row.total),
      holdExpiresAt: row.holdExpiresAt?.toISOString() ?? null,
      checkoutUrl: (row.depositId && checkouts.get(row.depositId)) || null,
      failureReason: row.failureReason,
      heldPayment: heldPayments.get(row.id) ?? null,
      receipt: payment
        ? {
            paymentId: payment.id,
            merchant,
            paidAt: payment.paidAt.toISOString(),
            paymentMethod: payment.paymentMethod,
            subtotal: usd(subtotal),
            serviceFee: usd(serviceFee),
            totalPaid: usd(subtotal + serviceFee),
            paidWithCredit: payment.paidWithCredit,
          }
        : null,
      packIds: packIds.get(row.id) ?? [],
      buyerSalt: row.buyerSalt,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  });
}
