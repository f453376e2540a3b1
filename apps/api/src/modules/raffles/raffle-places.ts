import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { sqlArray } from '../../db/sql-arrays.ts';
import type { Clock } from '../../lib/clock.ts';

/**
 * Route: POST /v1/orders and /v2/orders in a raffle round, for both payment paths (orders/purchase-standing.ts) ·
 * Writes: nothing (locks raffle_entries FOR KEY SHARE) · Reads: raffle_entries, raffle_rounds · Tests:
 * raffle-window-races.test.ts (PostgreSQL), raffles.test.ts.
 */

/** A winner's place in a raffle round, as the purchase gate found it (raffle-purchase-gate.ts). */
export interface TRafflePlace {
  roundId: string;
  /** The first draw's winners buy until then. */
  windowEndsAt: Date;
  /** Read again inside the purchase's transaction, once the buyers' entries are locked. */
  clock: Clock;
}

/**
 * Which of these buyers may buy in the raffle round now, decided inside the purchase's transaction. The gate checked
 * the window with the time the request arrived, before any lock; a purchase can then wait on a lock past the window's
 * end while the second draw gives its place away (one place, two buyers). So the purchase locks its buyers' entries
 * FOR KEY SHARE, which the second draw's FOR UPDATE of the first winners' entries conflicts with
 * (draw-second-chance.ts), and decides only once it holds them:
 *
 * - a lock got before the draw's: the draw waits for this purchase to commit, then counts it as bought;
 * - a lock got after the draw committed: the round's second_drawn_at, read by the statement after the lock (so with a
 *   snapshot taken after it; the locking statement's own snapshot is from before its wait), says the first window is
 *   over, whatever this instance's clock says; and the clock is read once the answers are in, not when the request
 *   came.
 *
 * Both statements are sent at once (a pipelined transaction's one round trip). A second draw's winner may buy until
 * the round ends; a first winner until the window ends and the second draw has not run.
 */
export async function lockRafflePlaces(tx: Db, place: TRafflePlace, userIds: readonly string[]): Promise<Set<string>> {
  const sorted = [...userIds].sort();
  const [entries, rounds] = await Promise.all([
    queryRows<{ user_id: string; won_in: number | null }>(
      tx,
      sql`select user_id, won_in from raffle_entries
          where policy_id = ${place.roundId}::uuid and user_id = any(${sqlArray(sorted)}::uuid[])
          order by user_id for key share`,
    ),
    queryRows<{ second_drawn_at: string | Date | null }>(
      tx,
      sql`select second_drawn_at from raffle_rounds where policy_id = ${place.roundId}::uuid`,
    ),
  ]);
  const isFirstWindowOpen = (rounds[0]?.second_drawn_at ?? null) === null && place.clock.now() < place.windowEndsAt;
  return new Set(
    entries
      .filter((entry) => entry.won_in === 2 || (entry.won_in === 1 && isFirstWindowOpen))
      .map((entry) => entry.user_id),
  );
}
