import { sql, type SQL } from 'drizzle-orm';
import type { Db } from './client.ts';
import { queryRows } from './query-rows.ts';
import { sqlArray } from './sql-arrays.ts';

/** A unit of a supply issued as rows (a pack, a pass unit, a fusion's result): claimed by setting its claim column. */
export interface TClaimedUnit {
  id: string;
  number: number;
}

/**
 * Locks `count` unclaimed rows of `table` within `scope` (a condition on its columns) for this transaction, lowest
 * numbers first (writes nothing yet). Fewer than `count` only when fewer are unclaimed: never because another
 * transaction holds some of them for a moment. The one claim of every supply issued as rows: packs of a round, units
 * of a pass, a fusion's results, an edition pool's editions. Tests: orders/purchase-races.test.ts,
 * passes/passes.test.ts, grants/grants.test.ts.
 *
 * First pass: FOR UPDATE SKIP LOCKED, so concurrent buyers take different rows instead of queueing on the same ones.
 * If that finds too few, the rows it skipped belong to claims still running, which may yet give them up (a card hold
 * refused for its limit, a batch rolled back); answering sold out then would turn buyers away while units are on sale
 * (issue 16). So the second pass waits for those rows (plain FOR UPDATE): when their holder commits a claim the row
 * no longer matches and is passed over, when it rolls back the row is ours. It stops when it has enough or when
 * nothing unclaimed is left. Only the tail of a sale gets here; callers lock their buyers' rows before calling, and
 * nothing locks a buyer's row after a unit (the lock order in db/transaction.ts), so the wait cannot close a cycle.
 */
/** Each supply's table, and the column a claim sets on its rows (null while unclaimed). */
const claimColumns = {
  packs: 'order_id',
  pass_units: 'order_id',
  fusion_outputs: 'run_id',
  edition_pool_units: 'delivery_id',
} as const;
type TUnitTable = keyof typeof claimColumns;

export async function claimUnclaimedUnits(
  tx: Db,
  table: TUnitTable,
  scope: SQL,
  count: number,
): Promise<TClaimedUnit[]> {
  if (count <= 0) return [];
  const claimed = await selectUnclaimed(tx, table, scope, count, [], sql`for update skip locked`);
  while (claimed.length < count) {
    const more = await selectUnclaimed(tx, table, scope, count - claimed.length, claimed, sql`for update`);
    if (more.length > 0) claimed.push(...more);
    else if (!(await isAnyUnclaimed(tx, table, scope, claimed))) break;
  }
  return claimed;
}

function selectUnclaimed(
  tx: Db,
  table: TUnitTable,
  scope: SQL,
  count: number,
  besides: readonly TClaimedUnit[],
  lock: SQL,
) {
  return queryRows<TClaimedUnit>(
    tx,
    sql`select id, number from ${sql.identifier(table)}
        where ${scope} and ${sql.identifier(claimColumns[table])} is null
          ${besides.length > 0 ? sql`and id <> all(${sqlArray(besides.map((unit) => unit.id))}::uuid[])` : sql``}
        order by number limit ${count} ${lock}`,
  );
}

async function isAnyUnclaimed(
  tx: Db,
  table: TUnitTable,
  scope: SQL,
  besides: readonly TClaimedUnit[],
): Promise<boolean> {
  const [row] = await queryRows<{ found: boolean }>(
    tx,
    sql`select exists (
          select 1 from ${sql.identifier(table)} where ${scope} and ${sql.identifier(claimColumns[table])} is null
            and id <> all(${sqlArray(besides.map((unit) => unit.id))}::uuid[])) as found`,
  );
  return row?.found === true;
}
