import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { queryRows } from '../../../db/query-rows.ts';
import { inTransaction } from '../../../db/transaction.ts';
import { notifySignalSql } from './drop-signals.ts';
import { advisoryLockClasses } from '../../../db/advisory-locks.ts';

/*
 * Route: none of its own; the balance batcher calls it when a batch finds a round without an unclaimed pack, and a
 * release of held packs takes the other side of its lock (pack-claims.ts) · Writes: nothing (NOTIFY) · Reads: packs ·
 * Tests: sold-out-everywhere.test.ts.
 */

/**
 * Statement for a release's transaction, before it commits: takes the round's sell-out lock shared and sends
 * 'released'. Shared, so releases do not queue on each other; they queue only on an announcement in progress.
 */
export function roundReleasedSql(dropId: string, roundId: string) {
  return sql`select pg_advisory_xact_lock_shared(${advisoryLockClasses.roundSoldOut}, hashtext(${roundId})),
                    ${notifySignalSql({ kind: 'released', dropId, roundId })}`;
}

/**
 * Tells every instance that the round has no pack unclaimed, if that is still so; answers whether it did.
 *
 * A release of held packs and this announcement must be heard in the order they happened, or an instance would keep
 * a round sold out with a pack back on sale. Notifications are delivered in commit order, but a snapshot is not a
 * commit: a release committing between this check's snapshot and its commit would be heard first. So both take the
 * round's lock (the release shared, this exclusive) and this checks only once it holds it: a release that got there
 * first has committed, and the check sees its pack (nothing is sent); one that comes after waits, commits after this,
 * and is heard after it.
 */
export function announceRoundSoldOut(db: Db, dropId: string, roundId: string): Promise<boolean> {
  return inTransaction(db, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${advisoryLockClasses.roundSoldOut}, hashtext(${roundId}))`);
    const sent = await queryRows<{ notified: unknown }>(
      tx,
      sql`select ${notifySignalSql({ kind: 'sold-out', dropId, roundId })} as notified
          where not exists (select 1 from packs where policy_id = ${roundId} and order_id is null)`,
    );
    return sent.length > 0;
  });
}
