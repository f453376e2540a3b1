import { and, asc, eq, lte } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { inTransaction } from '../../db/transaction.ts';
import { orders } from './orders.tables.ts';
import { releaseOrder } from './release-order.ts';

const BATCH_SIZE = 200;

/**
 * The recurring job that ends card and Tilia orders whose hold passed (writes through releaseOrder): each in its own
 * transaction with a conditional move, so a payment confirmed meanwhile wins and overlapping runs release once.
 * Returns how many it timed out.
 */
export async function timeOutOrders(db: Db, now: Date, holdMinutes: number): Promise<number> {
  let timedOut = 0;
  for (;;) {
    const due = await db
      .select()
      .from(orders)
      .where(and(eq(orders.status, 'PENDING'), lte(orders.holdExpiresAt, now)))
      .orderBy(asc(orders.holdExpiresAt))
      .limit(BATCH_SIZE);
    for (const order of due) {
      if (await inTransaction(db, (tx) => releaseOrder(tx, order, { to: 'TIMED_OUT', now, holdMinutes }))) timedOut += 1;
    }
    if (due.length < BATCH_SIZE) return timedOut;
  }
}
