import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';

/**
 * Route: GET /v1/drops/{id}/provenance and /claim-log, the job `reveal-ended-drops` (drops' reveal-drop.ts) · Writes:
 * nothing · Reads: orders · Tests: drops/drops.test.ts, drops/claim-log/claim-log.test.ts.
 *
 * Whether any order of the drop still waits for its payment (PENDING): a drop's contents stay secret until none does
 * (drops/reveal-drop.ts), so nobody holding packs can read them and then decide whether to pay. Reads orders
 * (orders_drop_idx).
 */
export async function hasUndecidedOrders(db: Db, dropId: string): Promise<boolean> {
  const [row] = await queryRows<{ found: boolean }>(
    db,
    sql`select exists (select 1 from orders where drop_id = ${dropId}::uuid and status = 'PENDING') as found`,
  );
  return row?.found === true;
}
