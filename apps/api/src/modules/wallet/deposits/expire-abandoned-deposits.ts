import { and, asc, eq, lte, or } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { closeDeposit } from './close-deposit.ts';
import type { DepositListener } from './deposit-listener.ts';
import { deposits } from './deposits.tables.ts';

const BATCH_SIZE = 200;

/**
 * How long an intent may stay `created`. Opening a checkout takes one provider call of at most ten seconds; an intent
 * still `created` long after that was left behind by a process that stopped mid-request, and no checkout was shown.
 */
export const CREATED_DEPOSIT_TTL_MS = 15 * 60 * 1000;

/**
 * The recurring job for abandoned checkouts: pending deposits whose checkout (or saved-method charge) expired, and
 * intents whose checkout never opened, move to expired through the state table, one conditional transition each, so
 * a payment confirmed meanwhile wins and overlapping runs expire each deposit once. A provider's late
 * payment.succeeded still credits it (expired -> succeeded). A deposit that pays an order releases the order in the
 * same transaction (closeDeposit): a checkout that expired before the order's hold cannot pay it any more.
 * Returns how many it expired.
 */
export async function expireAbandonedDeposits(
  db: Db,
  now: Date,
  listeners: readonly DepositListener[] = [],
): Promise<number> {
  const createdBefore = new Date(now.getTime() - CREATED_DEPOSIT_TTL_MS);
  let expired = 0;
  for (;;) {
    // Each side of the OR is one of the two partial indexes (pending by expiry, created by creation time).
    const due = await db
      .select({ id: deposits.id })
      .from(deposits)
      .where(
        or(
          and(eq(deposits.status, 'pending'), lte(deposits.expiresAt, now)),
          and(eq(deposits.status, 'created'), lte(deposits.createdAt, createdBefore)),
        ),
      )
      .orderBy(asc(deposits.createdAt))
      .limit(BATCH_SIZE);
    for (const deposit of due) {
      const moved = await closeDeposit(db, deposit.id, { to: 'expired', now, failureReason: 'expired' }, listeners);
      if (moved) expired += 1;
    }
    if (due.length < BATCH_SIZE) return expired;
  }
}
