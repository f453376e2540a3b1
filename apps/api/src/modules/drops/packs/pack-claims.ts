import { asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { queryRows } from '../../../db/query-rows.ts';
import { newId } from '../../../lib/ids.ts';
import { insertProductActivitiesSql } from '../../catalog/product-activity-fragments.ts';
import { editionsOfPacksSql } from '../../collection/edition-fragments.ts';
import { packs } from '../drops.tables.ts';

/**
 * How orders take, hold, hand over and give back packs (the drops module owns the packs table; orders call these).
 * A pack is claimed by setting its order_id, so a round's sold count is derived from the rows and no counter row is
 * written by every purchase; the claim takes the round's lowest-numbered free packs with FOR UPDATE SKIP LOCKED, so
 * concurrent buyers take different packs instead of queueing on the same rows.
 */

/** Locks up to `count` of the round's free packs for this transaction, lowest numbers first, never waiting. */
export async function takeFreePacks(tx: Db, policyId: string, count: number): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`select id from packs where policy_id = ${policyId} and order_id is null
        order by number limit ${count} for update skip locked`,
  );
  return rows.map((row) => row.id);
}

/**
 * Fragment: hands packs taken with takeFreePacks to their paid orders (order, owner, time). Yields id, user_id, at
 * per pack, what editionsOfPacksSql reads.
 */
export function assignPacksSql(assignments: readonly { packId: string; orderId: string; userId: string; at: Date }[]): SQL {
  const list = <T>(values: T[]) => sql.param(values);
  return sql`
    update packs p set order_id = a.order_id, owner_user_id = a.user_id, claimed_at = a.at
    from unnest(${list(assignments.map((a) => a.packId))}::uuid[], ${list(assignments.map((a) => a.orderId))}::uuid[],
                ${list(assignments.map((a) => a.userId))}::uuid[], ${list(assignments.map((a) => a.at.toISOString()))}::timestamptz[])
      as a(pack_id, order_id, user_id, at)
    where p.id = a.pack_id
    returning p.id, a.user_id, a.at`;
}

/** Fragment: holds `count` free packs of the round for an unpaid order (no owner yet). Yields the packs' ids. */
export function holdPacksSql(orderId: string, policyId: string, count: number, at: Date): SQL {
  return sql`
    update packs set order_id = ${orderId}, claimed_at = ${at.toISOString()}::timestamptz
    where id in (
      select id from packs where policy_id = ${policyId} and order_id is null
      order by number limit ${count} for update skip locked
    )
    returning id`;
}

/**
 * A held order was paid: its packs become the buyer's, with each edition's PURCHASED activity (writes packs, and
 * product_activities through the catalogue's fragment). Returns the packs' ids.
 */
export async function handOverHeldPacks(
  tx: Db,
  order: { id: string; userId: string; editionsPerPack: number },
  at: Date,
): Promise<string[]> {
  const owned = await tx
    .update(packs)
    .set({ ownerUserId: order.userId })
    .where(eq(packs.orderId, order.id))
    .returning({ id: packs.id });
  if (owned.length > 0) {
    const delivered = sql`select id, ${order.userId}::uuid as user_id, ${at.toISOString()}::timestamptz as at
                          from packs where order_id = ${order.id}`;
    const ids = Array.from({ length: owned.length * order.editionsPerPack }, () => newId());
    await tx.execute(insertProductActivitiesSql('PURCHASED', editionsOfPacksSql(delivered), ids));
  }
  return owned.map((pack) => pack.id);
}

/** A held order failed or timed out: its packs go back on sale (writes packs). */
export async function releasePacksOf(tx: Db, orderId: string): Promise<void> {
  await tx.update(packs).set({ orderId: null, ownerUserId: null, claimedAt: null }).where(eq(packs.orderId, orderId));
}

/** The packs each order holds or delivered, in number order (reads only). */
export async function packIdsOfOrders(db: Db, orderIds: readonly string[]): Promise<Map<string, string[]>> {
  const byOrder = new Map<string, string[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .select({ id: packs.id, orderId: packs.orderId })
    .from(packs)
    .where(inArray(packs.orderId, [...orderIds]))
    .orderBy(asc(packs.number));
  for (const row of rows) byOrder.set(row.orderId!, [...(byOrder.get(row.orderId!) ?? []), row.id]);
  return byOrder;
}
