import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { AppError } from '../../http/app-error.ts';
import type { TSaleRound } from '../drops/get-sale-drop.ts';

/**
 * The per-person limit without a shared row: one row per (round, person). Locks the buyers' rows for a round (creating
 * missing ones first, as the ledger does, so creating never breaks the lock order: allowances, then ledger accounts)
 * and returns what each has bought or holds. Writes purchase_allowances.
 */
export async function lockAllowances(tx: Db, policyId: string, userIds: readonly string[]): Promise<Map<string, number>> {
  const sorted = [...userIds].sort();
  await tx.execute(
    sql`insert into purchase_allowances (policy_id, user_id, purchased)
        select ${policyId}::uuid, user_id, 0 from unnest(${sql.param(sorted)}::uuid[]) as u(user_id)
        on conflict (policy_id, user_id) do nothing`,
  );
  const rows = await queryRows<{ user_id: string; purchased: number }>(
    tx,
    sql`select user_id, purchased from purchase_allowances
        where policy_id = ${policyId} and user_id = any(${sql.param(sorted)}::uuid[])
        order by user_id for update`,
  );
  return new Map(rows.map((row) => [row.user_id, Number(row.purchased)]));
}

/** Stores the counts decided under the lock (writes purchase_allowances). */
export async function recordAllowances(tx: Db, policyId: string, counts: Map<string, number>): Promise<void> {
  await tx.execute(
    sql`update purchase_allowances a set purchased = c.purchased
        from unnest(${sql.param([...counts.keys()])}::uuid[], ${sql.param([...counts.values()])}::int[]) as c(user_id, purchased)
        where a.policy_id = ${policyId} and a.user_id = c.user_id`,
  );
}

/**
 * Counts `quantity` packs of a held (card or Tilia) order against the round's per-person limit, or refuses with
 * PURCHASE_LIMIT_REACHED: one conditional upsert on the person's own row. Unlimited rounds keep no row.
 */
export async function reserveAllowance(tx: Db, round: TSaleRound, userId: string, quantity: number): Promise<void> {
  if (round.perPersonLimit === null) return;
  if (quantity > round.perPersonLimit) throw new AppError('PURCHASE_LIMIT_REACHED');
  const reserved = await queryRows<{ purchased: number }>(
    tx,
    sql`insert into purchase_allowances (policy_id, user_id, purchased) values (${round.id}, ${userId}, ${quantity})
        on conflict (policy_id, user_id) do update set purchased = purchase_allowances.purchased + excluded.purchased
        where purchase_allowances.purchased + excluded.purchased <= ${round.perPersonLimit}
        returning purchased`,
  );
  if (reserved.length === 0) throw new AppError('PURCHASE_LIMIT_REACHED');
}

/** Gives back what a failed or timed-out order had counted (writes purchase_allowances). */
export async function returnAllowance(tx: Db, policyId: string, userId: string, quantity: number): Promise<void> {
  await tx.execute(
    sql`update purchase_allowances set purchased = greatest(0, purchased - ${quantity})
        where policy_id = ${policyId} and user_id = ${userId}`,
  );
}
