import { and, asc, eq, lte } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { transitionDeposit } from './deposit-states.ts';
import { deposits } from './deposits.tables.ts';

const BATCH_SIZE = 200;

/**
 * The recurring job for abandoned checkouts: pending deposits whose checkout expired move to expired through the
 * state table, one conditional transition each, so a payment confirmed meanwhile (pending -> succeeded) wins and
 * overlapping runs expire each deposit once. A provider's late payment.succeeded still credits it (expired ->
 * succeeded). Deposits without an expiry (a saved-method charge) wait for their webhook. Returns how many it expired.
 */
export async function expireAbandonedDeposits(db: Db, now: Date): Promise<number> {
  let expired = 0;
  for (;;) {
    const due = await db
      .select({ id: deposits.id })
      .from(deposits)
      .where(and(eq(deposits.status, 'pending'), lte(deposits.expiresAt, now)))
      .orderBy(asc(deposits.expiresAt))
      .limit(BATCH_SIZE);
    for (const deposit of due) {
      const moved = await transitionDeposit(db, deposit.id, {
        to: 'expired',
        now,
        changes: { failureReason: 'expired' },
      });
      if (moved) expired += 1;
    }
    if (due.length < BATCH_SIZE) return expired;
  }
}
