import { and, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import { claimUnclaimedUnits, type TClaimedUnit } from '../../db/claim-unclaimed-units.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { sqlArray } from '../../db/sql-arrays.ts';
import { passUnits } from './passes.tables.ts';

/**
 * Writes: pass_units (claims, hand-overs, releases) · Reads: pass_units, passes (validity) · Route: POST /v1/orders
 * and /v2/orders, through orders/sale-items.ts; GET /v1/drops/{id} (holdsValidPass) · Tests: passes.test.ts,
 * pass-races.test.ts.
 *
 * How orders claim, hold, hand over and give back pass units (the passes module owns them; orders call these through
 * orders/sale-items.ts), as drops' pack-claims.ts does for packs.
 */

/** Locks `count` of the pass's unclaimed units, lowest numbers first; fewer only when fewer are unclaimed. */
export function claimPassUnits(tx: Db, passId: string, count: number): Promise<TClaimedUnit[]> {
  return claimUnclaimedUnits(tx, 'pass_units', sql`pass_id = ${passId}`, count);
}

/** One claimed unit going to an order. */
export interface TPassUnitAssignment {
  unit: TClaimedUnit;
  orderId: string;
  userId: string;
  at: Date;
}

/**
 * Fragment, one CTE for a statement's WITH list: gives claimed units to their orders; with `handOver` (a paid balance
 * purchase) they become their buyers' at once, without it they are held for an unpaid card or Tilia order.
 */
export function assignPassUnitsCte(assignments: readonly TPassUnitAssignment[], handOver: boolean): SQL {
  return sql`
    pass_units_assigned as (
      update pass_units u set order_id = a.order_id, claimed_at = a.at
        ${handOver ? sql`, owner_user_id = a.user_id` : sql``}
      from unnest(${sqlArray(assignments.map((a) => a.unit.id))}::uuid[], ${sqlArray(assignments.map((a) => a.orderId))}::uuid[],
                  ${sqlArray(assignments.map((a) => a.userId))}::uuid[], ${sqlArray(assignments.map((a) => a.at.toISOString()))}::timestamptz[])
        as a(unit_id, order_id, user_id, at)
      where u.id = a.unit_id
      returning u.id
    )`;
}

/** A held order was paid: its units become the buyer's. Returns how many. */
export async function handOverHeldPassUnits(tx: Db, order: { id: string; userId: string }): Promise<number> {
  const rows = await tx
    .update(passUnits)
    .set({ ownerUserId: order.userId })
    .where(eq(passUnits.orderId, order.id))
    .returning({ id: passUnits.id });
  return rows.length;
}

/** A held order failed or timed out: its units go back on sale. */
export async function releasePassUnitsOf(tx: Db, orderId: string): Promise<void> {
  await tx
    .update(passUnits)
    .set({ orderId: null, ownerUserId: null, claimedAt: null })
    .where(eq(passUnits.orderId, orderId));
}

/** Whether any unit of the pass is held for a card or Tilia payment that may still fail. */
export async function hasHeldPassUnits(db: Db, passId: string): Promise<boolean> {
  const [row] = await queryRows<{ found: boolean }>(
    db,
    sql`select exists (select 1 from pass_units where pass_id = ${passId} and order_id is not null and owner_user_id is null) as found`,
  );
  return row?.found === true;
}

/** How many units of each pass `userId` holds (paid for). */
export async function heldPassCounts(
  db: Db,
  userId: string,
  passIds?: readonly string[],
): Promise<Map<string, number>> {
  if (passIds && passIds.length === 0) return new Map();
  const rows = await db
    .select({ passId: passUnits.passId, count: sql<number>`count(*)::int` })
    .from(passUnits)
    .where(
      and(
        eq(passUnits.ownerUserId, userId),
        isNotNull(passUnits.ownerUserId),
        passIds ? inArray(passUnits.passId, [...passIds]) : undefined,
      ),
    )
    .groupBy(passUnits.passId);
  return new Map(rows.map((row) => [row.passId, row.count]));
}

/**
 * Whether `userId` holds a unit of the pass, paid for, and the pass is valid at `now`: what a holders-only round asks
 * before a purchase (one index read, pass_units_owner_idx). Asked outside the purchase's transaction: a held pass is
 * never taken back, so the answer cannot turn false before the purchase commits, except by the validity ending in
 * between, which `now` already fixed.
 */
export async function holdsValidPass(db: Db, userId: string, passId: string, now: Date): Promise<boolean> {
  const [row] = await queryRows<{ found: boolean }>(
    db,
    sql`select exists (
          select 1 from pass_units u join passes p on p.id = u.pass_id
          where u.owner_user_id = ${userId} and u.pass_id = ${passId}
            and p.valid_from <= ${now.toISOString()}::timestamptz and p.valid_until > ${now.toISOString()}::timestamptz
        ) as found`,
  );
  return row?.found === true;
}
