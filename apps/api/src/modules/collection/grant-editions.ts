import { sql } from 'drizzle-orm';
import { editionMoves } from '@cypher/contract';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { sqlArray } from '../../db/sql-arrays.ts';
import { newId } from '../../lib/ids.ts';
import { insertProductActivitiesSql } from '../catalog/product-activity-fragments.ts';

/*
 * Route: none of its own; attendance rewards, redeem codes and airdrops give editions through it
 * (grants/deliver-grants.ts) · Writes: editions, product_activities (catalog's fragment) · Reads: editions · Tests:
 * grants/grants.test.ts, redeem/redeem.test.ts.
 */

/** How an edition from a pool reached its owner, as its history tells it. */
export type TGrantedEditionMove = 'redeem' | 'airdrop' | 'reward';

/**
 * Gives editions minted ahead (UNISSUED, an edition pool's) to their new owners: UNISSUED to OWNED, in their collection
 * from now, each with its history row (REDEEMED, AIRDROPPED or REWARDED), all in one statement whatever their number
 * (an airdrop's batch). The caller has claimed the editions, so a shortfall is a bug, never a race: it rolls back.
 * Answers each edition's serial number.
 */
export async function issueGrantedEditions(
  tx: Db,
  given: readonly { editionId: string; ownerUserId: string }[],
  move: TGrantedEditionMove,
  now: Date,
): Promise<Map<string, number>> {
  if (given.length === 0) return new Map();
  const { from, to, activity } = editionMoves[move];
  const at = now.toISOString();
  const issued = await queryRows<{ edition_id: string; serial_number: number }>(
    tx,
    sql`
      with moved as (
        update editions e set state = ${to}, owner_user_id = g.owner_user_id, acquired_at = ${at}::timestamptz
        from unnest(${sqlArray(given.map((item) => item.editionId))}::uuid[],
                    ${sqlArray(given.map((item) => item.ownerUserId))}::uuid[]) as g(edition_id, owner_user_id)
        where e.id = g.edition_id and e.state = any(${sqlArray(from)}::text[])
        returning e.id as edition_id, e.product_id, e.serial_number, e.owner_user_id as actor_user_id,
                  ${at}::timestamptz as at
      ),
      numbered as (select moved.*, row_number() over (order by edition_id) as n from moved),
      logged as (${insertProductActivitiesSql(
        activity,
        sql`select * from numbered`,
        given.map(() => newId()),
      )})
      select edition_id, serial_number from moved`,
  );
  if (issued.length !== given.length) {
    throw new Error(`${given.length - issued.length} claimed editions were not waiting to be given`);
  }
  return new Map(issued.map((row) => [row.edition_id, Number(row.serial_number)]));
}

/** Editions' serial numbers by id, for pages naming an edition someone was given ("Neon Cat #12"). Reads editions. */
export async function editionSerialNumbersByIds(db: Db, ids: readonly string[]): Promise<Map<string, number>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await queryRows<{ id: string; serial_number: number }>(
    db,
    sql`select id, serial_number from editions where id = any(${sqlArray(unique)}::uuid[])`,
  );
  return new Map(rows.map((row) => [row.id, Number(row.serial_number)]));
}
