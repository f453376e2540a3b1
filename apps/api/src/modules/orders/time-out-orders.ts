import { and, asc, eq, lte } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { inRetriedTransaction } from '../../db/transaction.ts';
import { closeOrderCheckout } from '../wallet/deposits/close-order-checkout.ts';
import { orders } from './orders.tables.ts';
import { lockAllowanceOf } from './purchase-allowance.ts';
import { releaseOrder } from './release-order.ts';

const BATCH_SIZE = 200;

/**
 * Route: the recurring job `time-out-orders` (jobs/job-scheduler.ts) · Writes: deposits (the order's checkout closed,
 * through the wallet), and through releaseOrder · Tests: card-orders.test.ts, purchase-races.test.ts.
 *
 * Ends card and Tilia orders whose hold passed: each in its own transaction, which locks the order, then its
 * allowance, then closes its checkout (the lock order of db/transaction.ts), and moves it conditionally, so a payment
 * confirmed meanwhile wins and overlapping runs release once; retried as a whole on a deadlock. Returns how many it
 * timed out.
 */
export async function timeOutOrders(db: Db, now: Date, holdMinutes: number): Promise<number> {
  let timedOut = 0;
  for (;;) {
    const due = await db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.status, 'PENDING'), lte(orders.holdExpiresAt, now)))
      .orderBy(asc(orders.holdExpiresAt))
      .limit(BATCH_SIZE);
    for (const { id } of due) {
      const isTimedOut = await inRetriedTransaction(db, async (tx) => {
        const [order] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
        if (order?.status !== 'PENDING') return false;
        await lockAllowanceOf(tx, order.itemId, order.userId);
        // Its checkout closes with it: a provider's page lives longer than the hold, and paying there now would only
        // put the money in the balance while the units are back on sale.
        if (order.depositId) await closeOrderCheckout(tx, order.depositId, now, 'expired');
        return releaseOrder(tx, order, { to: 'TIMED_OUT', now, holdMinutes });
      });
      if (isTimedOut) timedOut += 1;
    }
    if (due.length < BATCH_SIZE) return timedOut;
  }
}
