import { and, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { THeldPayment } from '@cypher/contract';
import type { Db } from '../../../db/client.ts';
import { deposits, paymentEvents } from '../deposits/deposits.tables.ts';

/*
 * Route: none (deposit-views.ts and orders' order-views.ts read through it) · Writes: nothing · Reads:
 * payment_events (held ones), deposits · Tests: payment-reviews.test.ts, card-orders.test.ts
 */

/**
 * Whether money was held for the deposits (or the orders whose checkouts they were) that `key` selects, and whether
 * its review is over: a deposit or order page then says what became of that money, not "No money was taken" nor
 * "will refund" once the team has (session 78's hunt). Several held payments for one read as one: open while any is.
 */
async function heldPaymentsBy(db: Db, key: SQL, where: SQL): Promise<Map<string, THeldPayment>> {
  const rows = await db
    .select({
      key: sql<string>`${key}`,
      isOpen: sql<boolean>`bool_or(${paymentEvents.resolvedAt} is null)`,
      lastResolvedAt: sql<Date | null>`max(${paymentEvents.resolvedAt})`.mapWith(paymentEvents.resolvedAt),
    })
    .from(paymentEvents)
    .innerJoin(deposits, eq(deposits.id, paymentEvents.depositId))
    .where(and(isNotNull(paymentEvents.reviewReason), where))
    .groupBy(key);
  return new Map(
    rows.map((row) => [
      row.key,
      { resolvedAt: row.isOpen || !row.lastResolvedAt ? null : row.lastResolvedAt.toISOString() },
    ]),
  );
}

export function heldPaymentsByDepositIds(db: Db, depositIds: string[]): Promise<Map<string, THeldPayment>> {
  if (depositIds.length === 0) return Promise.resolve(new Map());
  return heldPaymentsBy(db, sql`${deposits.id}::text`, inArray(deposits.id, depositIds));
}

export function heldPaymentsByOrderIds(db: Db, orderIds: string[]): Promise<Map<string, THeldPayment>> {
  if (orderIds.length === 0) return Promise.resolve(new Map());
  return heldPaymentsBy(db, sql`${deposits.orderId}::text`, inArray(deposits.orderId, orderIds));
}
