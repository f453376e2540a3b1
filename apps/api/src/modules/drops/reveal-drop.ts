import { and, eq, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { inRetriedTransaction } from '../../db/transaction.ts';
import { AppError } from '../../http/app-error.ts';
import { hasUndecidedOrders } from '../orders/undecided-orders.ts';
import { sealClaimLog } from './claim-log/seal-claim-log.ts';
import { drops } from './drops.tables.ts';
import { advisoryLockClasses } from '../../db/advisory-locks.ts';

/**
 * Route: GET /v1/drops/{id}/provenance and GET /v1/drops/{id}/claim-log (reveal when due), POST /v2/orders by card or
 * Tilia (holdOffReveal), gifts of a gift round's packs (holdOffRevealWhileHidden), the recurring job
 * `reveal-ended-drops` · Writes: drops (revealed_at), pack_claim_log (sealing) · Reads: orders (through the orders
 * module) · Tests: drops.test.ts, claim-log/claim-log.test.ts, orders/card-orders.test.ts, grants/gift-packs.test.ts.
 *
 * When a drop's seed, every pack's contents and its claim log become public (decision record 23): after dropEndAt, and
 * only once no order of the drop is waiting for a payment. Revealing while a card or Tilia hold is open would hand its
 * buyer a free option: read what the held packs hold, then pay only if it is good (issue 16, finding 2).
 *
 * Holds and the reveal meet on an advisory lock of the drop: a hold takes it shared for its transaction (holds do not
 * wait for each other), the reveal takes it exclusive, so a hold placed at the last moment either commits before the
 * reveal looks for open orders (and is seen) or runs after it (and finds the drop revealed and is refused).
 */

/** Inside a hold's transaction, first: the reveal waits for it; a drop already revealed sells nothing more. */
export async function holdOffReveal(tx: Db, dropId: string): Promise<void> {
  if (!(await holdOffRevealWhileHidden(tx, dropId))) throw new AppError('DROP_NOT_AVAILABLE');
}

/**
 * The shared side of the reveal's lock, for this transaction: answers whether the drop's contents are still hidden
 * (not revealed). A gift of its packs (decision record 36) takes it too, so every claim of a pack is in the claim log
 * before the reveal publishes it, and a drop revealed gives nothing more.
 */
export async function holdOffRevealWhileHidden(tx: Db, dropId: string): Promise<boolean> {
  await tx.execute(sql`select pg_advisory_xact_lock_shared(${advisoryLockClasses.dropReveal}, hashtext(${dropId}))`);
  const [drop] = await tx.select({ revealedAt: drops.revealedAt }).from(drops).where(eq(drops.id, dropId));
  return !drop?.revealedAt;
}

/**
 * Whether the drop's contents are public already, read without the reveal's lock: for a page that only tells (a gift
 * pack still to give, grants/grants-left.ts), never for a claim, which takes holdOffRevealWhileHidden.
 */
export async function isDropRevealed(db: Db, dropId: string): Promise<boolean> {
  const [drop] = await db.select({ revealedAt: drops.revealedAt }).from(drops).where(eq(drops.id, dropId));
  return Boolean(drop?.revealedAt);
}

/**
 * Reveals the drop if it is due (published, past dropEndAt, no order undecided), sealing its claim log to the end
 * first so the log published with the reveal is complete. Returns when it was revealed, or null while it may not be.
 */
export async function revealDropIfDue(db: Db, dropId: string, now: Date): Promise<Date | null> {
  const [drop] = await db
    .select({ revealedAt: drops.revealedAt, dropEndAt: drops.dropEndAt, status: drops.publicationStatus })
    .from(drops)
    .where(eq(drops.id, dropId));
  if (!drop || drop.status !== 'PUBLISHED') return null;
  if (drop.revealedAt) return drop.revealedAt;
  if (drop.dropEndAt > now) return null;
  return inRetriedTransaction(db, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${advisoryLockClasses.dropReveal}, hashtext(${dropId}))`);
    if (await hasUndecidedOrders(tx, dropId)) return null;
    await sealClaimLog(tx, dropId);
    const [revealed] = await tx
      .update(drops)
      .set({ revealedAt: now })
      .where(and(eq(drops.id, dropId), isNull(drops.revealedAt)))
      .returning({ revealedAt: drops.revealedAt });
    if (revealed) return revealed.revealedAt;
    const [already] = await tx.select({ revealedAt: drops.revealedAt }).from(drops).where(eq(drops.id, dropId));
    return already?.revealedAt ?? null;
  });
}

/** The recurring job: every ended drop not yet revealed is revealed as soon as its last order is decided. */
export async function revealEndedDrops(db: Db, now: Date): Promise<number> {
  const due = await db
    .select({ id: drops.id })
    .from(drops)
    .where(and(eq(drops.publicationStatus, 'PUBLISHED'), isNull(drops.revealedAt), lte(drops.dropEndAt, now)));
  let revealed = 0;
  for (const drop of due) if (await revealDropIfDue(db, drop.id, now)) revealed += 1;
  return revealed;
}

/**
 * Fragment for another module's query: whether what a pack holds may be shown to everyone (a PURCHASED activity naming
 * an edition says what its pack holds): once the pack is opened, or once its drop is revealed. `packId` yields the
 * pack's id (the collection's packOfEditionSql, for an edition).
 */
export function isPackContentPublicSql(packId: SQL): SQL {
  return sql`exists (
    select 1 from packs p join drops d on d.id = p.drop_id
    where p.id = (${packId}) and (p.opened_at is not null or d.revealed_at is not null))`;
}
