import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { executeNow, queryRows } from '../../db/query-rows.ts';
import { sqlArray } from '../../db/sql-arrays.ts';

/**
 * The per-person limit without a shared row: one row per (item, person), an item being a round, a pass or a ticket
 * kind, for every purchase path (balance, card, Tilia) and every item kind alike. Tests: purchase-from-balance.test.ts, orders.test.ts.
 *
 * Locks the buyers' rows for an item (creating missing ones first, as the ledger does, so creating never breaks the
 * lock order of db/transaction.ts: orders, deposits, allowances, ledger accounts, packs) and returns what each has
 * bought or holds. Writes purchase_allowances.
 */
export async function lockAllowances(tx: Db, itemId: string, userIds: readonly string[]): Promise<Map<string, number>> {
  const sorted = [...userIds].sort();
  // Both sent now, one behind the other (a pipelined transaction's one round trip, db/pipelined-transaction.ts).
  const [, rows] = await Promise.all([
    executeNow(
      tx,
      sql`insert into purchase_allowances (item_id, user_id, purchased)
          select ${itemId}::uuid, user_id, 0 from unnest(${sqlArray(sorted)}::uuid[]) as u(user_id)
          on conflict (item_id, user_id) do nothing`,
    ),
    queryRows<{ user_id: string; purchased: number }>(
      tx,
      sql`select user_id, purchased from purchase_allowances
          where item_id = ${itemId} and user_id = any(${sqlArray(sorted)}::uuid[])
          order by user_id for update`,
    ),
  ]);
  return new Map(rows.map((row) => [row.user_id, Number(row.purchased)]));
}

/** Stores the counts decided under the lock (writes purchase_allowances). */
export async function recordAllowances(tx: Db, itemId: string, counts: Map<string, number>): Promise<void> {
  await executeNow(
    tx,
    sql`update purchase_allowances a set purchased = c.purchased
        from unnest(${sqlArray([...counts.keys()])}::uuid[], ${sqlArray([...counts.values()])}::int[]) as c(user_id, purchased)
        where a.item_id = ${itemId} and a.user_id = c.user_id`,
  );
}

/** Gives back what a failed or timed-out order had counted (writes purchase_allowances). */
export async function returnAllowance(tx: Db, itemId: string, userId: string, quantity: number): Promise<void> {
  await tx.execute(
    sql`update purchase_allowances set purchased = greatest(0, purchased - ${quantity})
        where item_id = ${itemId} and user_id = ${userId}`,
  );
}

/**
 * Locks one person's row of an item, if there is one (an item with a per-person limit), before an order of theirs is
 * moved: the lock order of db/transaction.ts puts allowances after the order and before the ledger and packs.
 */
export async function lockAllowanceOf(tx: Db, itemId: string, userId: string): Promise<void> {
  await tx.execute(sql`select 1 from purchase_allowances where item_id = ${itemId} and user_id = ${userId} for update`);
}

/**
 * What each person has bought or holds of an item, without locking (0 for people with no row): the raffle's second
 * draw counts the places its winners left (raffles/draw-second-chance.ts). Reads purchase_allowances.
 */
export async function purchasedCounts(
  db: Db,
  itemId: string,
  userIds: readonly string[],
): Promise<Map<string, number>> {
  const rows = await queryRows<{ user_id: string; purchased: number }>(
    db,
    sql`select user_id, purchased from purchase_allowances
        where item_id = ${itemId} and user_id = any(${sqlArray([...userIds])}::uuid[])`,
  );
  const counts = new Map(userIds.map((userId) => [userId, 0]));
  for (const row of rows) counts.set(row.user_id, Number(row.purchased));
  return counts;
}

/**
 * How many units of each item (a pass, a round) one person's orders took, paid or held for a payment: what a
 * per-person limit counts, as the purchase itself counts it. Reads purchase_allowances.
 */
export async function purchasedOfItems(
  db: Db,
  userId: string,
  itemIds: readonly string[],
): Promise<Map<string, number>> {
  if (itemIds.length === 0) return new Map();
  const rows = await queryRows<{ item_id: string; purchased: number }>(
    db,
    sql`select item_id, purchased from purchase_allowances
        where user_id = ${userId} and item_id = any(${sqlArray([...itemIds])}::uuid[])`,
  );
  return new Map(rows.map((row) => [row.item_id, Number(row.purchased)]));
}
