import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

/*
 * Route: none (the end of a publication, write-drop-packs.ts; the benches' drops written as a publication writes them)
 * · Writes: PostgreSQL's planner statistics of packs and editions · Tests: drop-publication.test.ts.
 */

/**
 * Refreshes the planner's statistics of the tables a sale reads, once a publication has written its packs.
 *
 * A purchase claims the round's first unclaimed packs (`packs_unclaimed_idx`, in number order, with a LIMIT) and its
 * statement joins the claimed packs' editions (`editions_pack_idx`). PostgreSQL plans both from the tables' statistics,
 * and autovacuum refreshes those only a minute or more after a bulk insert; until then it believes the new drop has a
 * handful of packs. Measured on the `purchase` bench (100,000 packs, statistics as left by the insert): every claim read
 * all 100,000 unclaimed packs and sorted them on disk (40 to 57 ms, half of a batch's transaction), and every
 * purchase statement scanned all the editions (15 to 20 ms). With fresh statistics both read only the rows they need.
 * A drop's first minute is when its sale opens, so the publication does not wait for autovacuum.
 *
 * ANALYZE samples a bounded number of rows whatever the table's size, and takes a lock that purchases and openings do
 * not wait for (they only write rows); an autovacuum of the same table yields to it.
 */
export async function refreshSaleStatistics(db: Db): Promise<void> {
  await db.execute(sql`analyze packs, editions`);
}
