import { and, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import { claimUnclaimedUnits, type TClaimedUnit } from '../../db/claim-unclaimed-units.ts';
import type { Db } from '../../db/client.ts';
import { executeNow, queryRows } from '../../db/query-rows.ts';
import { sqlArray } from '../../db/sql-arrays.ts';
import { passUnits } from './passes.tables.ts';

/**
 * Writes: pass_units (claims, hand-overs, releases) · Reads: pass_units, passes (validity; a claim holds its row FOR
 * KEY SHARE) · Route: POST /v1/orders and /v2/orders, through orders/sale-items.ts; GET /v1/drops/{id}
 * (holdsValidPass); PATCH /v1/console/passes/{id} (isPassHeldByAnyone) · Tests: passes.test.ts, pass-races.test.ts.
 *
 * How orders claim, hold, hand over and give back pass units (the passes module owns them; orders call these through
 * orders/sale-items.ts), as drops' pack-claims.ts does for packs.
 */

/**
 * Locks `count` of the pass's unclaimed units, lowest numbers first; fewer only when fewer are unclaimed. A unit given
 * by a grant has an owner and no order (grantPassUnits), so it is claimed too, for good.
 *
 * The pass's row is held FOR KEY SHARE first, until the claim commits or rolls back (sent with the claim, no round
 * trip of its own): claims share it, and the console's update waits for it (lockPass, FOR UPDATE), so a change to the
 * validity never misses a unit claimed and not yet committed (update-pass.ts), and a claim made after the change
 * commits reads the pass as changed.
 */
export async function claimPassUnits(tx: Db, passId: string, count: number): Promise<TClaimedUnit[]> {
  const [, units] = await Promise.all([
    executeNow(tx, sql`select 1 from passes where id = ${passId} for key share`),
    claimUnclaimedUnits(tx, 'pass_units', sql`pass_id = ${passId} and owner_user_id is null`, count),
  ]);
  return units;
}

/**
 * Route: none of its own; attendance rewards, redeem codes and airdrops give passes through grants/deliver-grants.ts
 * · Writes: pass_units · Tests: grants/grants.test.ts.
 *
 * Gives one unit of the pass to each recipient, inside the caller's transaction: claimed like a purchase's (SKIP
 * LOCKED, then waiting for units other claims hold), then owned at once, without an order. So a grant never gives more
 * than the supply, and purchases and grants share it. Answers the unit ids in the order of `recipients`, as far as
 * the units went: fewer ids than recipients when the supply ran out, and the recipients past them got nothing.
 *
 * A pass whose validity has ended gives nothing (no ids): it opens no round any more, and a redeem code or a check-in
 * would be spent on it (session 70's hunt). Read under the claim's own FOR KEY SHARE lock, taken first, so the
 * console's change of the validity waits for this grant, as it does for a purchase.
 */
export async function grantPassUnits(
  tx: Db,
  passId: string,
  recipients: readonly { userId: string }[],
  now: Date,
): Promise<string[]> {
  const [pass] = await queryRows<{ has_ended: boolean }>(
    tx,
    sql`select valid_until <= ${now.toISOString()}::timestamptz as has_ended from passes where id = ${passId}
        for key share`,
  );
  if (!pass || pass.has_ended) return [];
  const units = await claimPassUnits(tx, passId, recipients.length);
  if (units.length === 0) return [];
  const given = recipients.slice(0, units.length);
  await tx.execute(sql`
    update pass_units u set owner_user_id = g.user_id, claimed_at = ${now.toISOString()}::timestamptz
    from unnest(${sqlArray(units.map((unit) => unit.id))}::uuid[],
                ${sqlArray(given.map((recipient) => recipient.userId))}::uuid[])
      as g(unit_id, user_id)
    where u.id = g.unit_id`);
  return units.map((unit) => unit.id);
}

/**
 * Whether grantPassUnits would give a unit of the pass at `now`: its validity has not ended and a unit is unclaimed
 * (the claim's own scope: no order, no owner). A plain read, with no lock and no counter row, so a page can say a
 * reward has run out before someone spends a check-in on it; the grant still decides under its claim, and may find
 * the last unit gone. Reads passes, pass_units (pass_units_unclaimed_idx) · Route: GET /v1 and /v2/attendance/today,
 * through grants/grants-left.ts · Tests: attendance/attendance.test.ts.
 */
export async function isPassUnitLeft(db: Db, passId: string, now: Date): Promise<boolean> {
  const [row] = await queryRows<{ found: boolean }>(
    db,
    sql`select exists (
          select 1 from passes p
          where p.id = ${passId} and p.valid_until > ${now.toISOString()}::timestamptz
            and exists (select 1 from pass_units u
                        where u.pass_id = p.id and u.order_id is null and u.owner_user_id is null)
        ) as found`,
  );
  return row?.found === true;
}

/**
 * Everyone holding at least one unit of the pass now (paid for or given), for an airdrop to its holders. Reads
 * pass_units.
 */
export async function passHolderIds(db: Db, passId: string): Promise<string[]> {
  const rows = await queryRows<{ owner_user_id: string }>(
    db,
    sql`select distinct owner_user_id from pass_units where pass_id = ${passId} and owner_user_id is not null
        order by owner_user_id`,
  );
  return rows.map((row) => row.owner_user_id);
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

/**
 * Whether anyone holds a unit of the pass, paid for, given or held for a payment that may still succeed: its validity
 * is then theirs too (update-pass.ts). Claims run lowest numbers first, so a pass that sold any finds one at once.
 */
export async function isPassHeldByAnyone(db: Db, passId: string): Promise<boolean> {
  const [row] = await queryRows<{ found: boolean }>(
    db,
    sql`select exists (
          select 1 from pass_units
          where pass_id = ${passId} and (order_id is not null or owner_user_id is not null)
        ) as found`,
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
