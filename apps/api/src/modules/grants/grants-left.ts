import { sql } from 'drizzle-orm';
import type { TGrantRequest } from '@cypher/contract';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { isGiftPackLeft } from '../orders/give-gift-packs.ts';
import { isPassUnitLeft } from '../passes/pass-units.ts';

/*
 * Route: none of its own; GET /v1/attendance/today and GET /v2/attendance/today (attendance/read-attendance.ts) ·
 * Reads: edition_pool_units, and through their owners passes and pass_units (passes/pass-units.ts), published drops
 * and packs (orders/give-gift-packs.ts) · Writes: nothing · Used by: attendance/read-attendance.ts · UI:
 * features/attendance today panel ("All given out") · Tests: attendance/attendance.test.ts.
 */

/**
 * Whether each grant, given at `now`, would reach its recipient rather than be OUT_OF_STOCK, by the conditions
 * deliverGrant's delivery uses (deliver-grants.ts `give`): a pass still valid with a unit unclaimed, an edition pool
 * with an edition unclaimed, a gift round whose drop has neither ended nor been revealed with a pack unclaimed. Credit
 * and tickets never run out. Plain reads, with no lock and no counter row, so showing a day's reward costs a busy
 * supply nothing; the delivery still decides under its claim, and may find the last one gone meanwhile. One grant at a
 * time (a page asks about one or two), since `db` may be a transaction's one connection. Answers in the order given.
 */
export async function grantsLeft(db: Db, grants: readonly TGrantRequest[], now: Date): Promise<boolean[]> {
  const left: boolean[] = [];
  for (const grant of grants) left.push(await isGrantLeft(db, grant, now));
  return left;
}

async function isGrantLeft(db: Db, grant: TGrantRequest, now: Date): Promise<boolean> {
  switch (grant.kind) {
    case 'CREDIT':
    case 'TICKETS':
      return true;
    case 'PASS':
      return isPassUnitLeft(db, grant.passId, now);
    case 'EDITION': {
      // The claim's own scope (claimUnclaimedUnits on edition_pool_units): an edition no delivery took.
      const [row] = await queryRows<{ found: boolean }>(
        db,
        sql`select exists (select 1 from edition_pool_units where pool_id = ${grant.editionPoolId}
                           and delivery_id is null) as found`,
      );
      return row?.found === true;
    }
    case 'PACK':
      return isGiftPackLeft(db, grant, now);
  }
}
