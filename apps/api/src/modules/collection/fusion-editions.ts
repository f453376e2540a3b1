import { sql, type SQL } from 'drizzle-orm';
import {
  collectedEditionStates,
  editionMoves,
  isEditionHidden,
  isEditionInCollection,
  type TEditionState,
  type TEditionType,
  type TRarity,
} from '@cypher/contract';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { sqlArray } from '../../db/sql-arrays.ts';
import { AppError } from '../../http/app-error.ts';
import { newId } from '../../lib/ids.ts';
import { insertProductActivitiesSql } from '../catalog/product-activity-fragments.ts';
import { movedAtSql } from './move-edition.ts';

/*
 * Route: POST /v1/fusions/{id}/fuse, GET /v1/fusions/{id} and its slots' materials (fusions module) · Writes:
 * editions (burn, issue), product_activities (catalog's fragment) · Reads: editions · Tests:
 * fusions/fusions.test.ts, fusions/fusion-races.test.ts.
 *
 * What fusion asks of the collection: which of a person's editions match a slot, and the two moves of a fusion (the
 * materials burned, the result issued), each one statement with its history rows, as move-edition.ts moves one.
 */

/** Editions a slot takes, in the collection's words: all of a brand's, narrowed by products, a rarity, a collection. */
export interface TEditionMatch {
  brandId: string;
  /** null: any product; [] matches nothing (a trait no product has). */
  productIds: readonly string[] | null;
  rarity: TRarity | null;
  collectionId: string | null;
}

function matchSql(match: TEditionMatch): SQL {
  return sql`brand_id = ${match.brandId}
    ${match.productIds ? sql`and product_id = any(${sqlArray([...match.productIds])}::uuid[])` : sql``}
    ${match.rarity ? sql`and rarity = ${match.rarity}` : sql``}
    ${match.collectionId ? sql`and collection_id = ${match.collectionId}` : sql``}`;
}

const collected = sql.raw(collectedEditionStates.map((state) => `'${state}'`).join(', '));

export interface TMatchingEdition {
  id: string;
  productId: string;
  serialNumber: number;
  state: TEditionState;
  type: TEditionType;
  resourceUri: string | null;
}

/**
 * A person's editions in their collection that match, lowest product and serial first: free ones (OWNED) and the
 * ones held on a figure base, locked or listed, which the caller shows as protected. Reads editions.
 */
export async function matchingEditions(
  db: Db,
  ownerUserId: string,
  match: TEditionMatch,
  page: { offset: number; limit: number },
): Promise<{ items: TMatchingEdition[]; total: number }> {
  const matching = sql`owner_user_id = ${ownerUserId} and state in (${collected}) and ${matchSql(match)}`;
  const rows = await queryRows<{
    id: string;
    product_id: string;
    serial_number: number;
    state: TEditionState;
    type: TEditionType;
    resource_uri: string | null;
  }>(
    db,
    sql`select id, product_id, serial_number, state, type, resource_uri from editions where ${matching}
        order by (state = 'OWNED') desc, product_id, serial_number
        offset ${page.offset} limit ${page.limit}`,
  );
  // Counted apart from the page: a count over the page's own rows is 0 on a page past the last.
  const [count] = await queryRows<{ n: number | string }>(
    db,
    sql`select count(*) as n from editions where ${matching}`,
  );
  return {
    items: rows.map((row) => ({
      id: row.id,
      productId: row.product_id,
      serialNumber: Number(row.serial_number),
      state: row.state,
      type: row.type,
      resourceUri: row.resource_uri,
    })),
    total: Number(count?.n ?? 0),
  };
}

/**
 * A person's editions free to burn (OWNED) that fit at least one of `matches`, counted by which matches they fit: the
 * key's bit i is set when an edition fits match i (a slot). One edition fills one slot, so readiness needs this split,
 * not a count per slot, where an edition fitting two slots was counted in both. Reads editions.
 */
export async function freeEditionsByFit(
  db: Db,
  ownerUserId: string,
  matches: readonly TEditionMatch[],
): Promise<Map<number, number>> {
  if (matches.length === 0) return new Map();
  const fit = sql.join(
    matches.map((match, index) => sql`(case when ${matchSql(match)} then ${1 << index}::int else 0 end)`),
    sql` | `,
  );
  const rows = await queryRows<{ fit: number; n: number | string }>(
    db,
    sql`select fit, count(*) as n
        from (select ${fit} as fit from editions where owner_user_id = ${ownerUserId} and state = 'OWNED') as free
        where fit <> 0 group by fit`,
  );
  return new Map(rows.map((row) => [Number(row.fit), Number(row.n)]));
}

export interface TBurnableEdition {
  id: string;
  productId: string;
  serialNumber: number;
  rarity: TRarity;
  brandId: string;
  collectionId: string | null;
}

/**
 * Locks the chosen editions (in id order, one lock order for every fusion, so two fusions sharing materials queue
 * instead of deadlocking) and checks each may be burned by `ownerUserId`: EDITION_NOT_FOUND, EDITION_NOT_YOURS,
 * EDITION_EQUIPPED, EDITION_LOCKED (locked or listed), EDITION_UNAVAILABLE (exported or burned already). Reads editions.
 */
export async function lockBurnableEditions(
  tx: Db,
  ownerUserId: string,
  editionIds: readonly string[],
): Promise<TBurnableEdition[]> {
  const rows = await queryRows<{
    id: string;
    owner_user_id: string | null;
    state: TEditionState;
    product_id: string;
    serial_number: number;
    rarity: TRarity;
    brand_id: string;
    collection_id: string | null;
  }>(
    tx,
    sql`select id, owner_user_id, state, product_id, serial_number, rarity, brand_id, collection_id from editions
        where id = any(${sqlArray([...editionIds])}::uuid[]) order by id for update`,
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  return editionIds.map((id) => {
    const row = byId.get(id);
    if (!row || isEditionHidden(row.state)) throw new AppError('EDITION_NOT_FOUND');
    if (row.owner_user_id !== ownerUserId) throw new AppError('EDITION_NOT_YOURS');
    if (!isEditionInCollection(row.state)) throw new AppError('EDITION_UNAVAILABLE');
    if (row.state === 'EQUIPPED') throw new AppError('EDITION_EQUIPPED');
    if (row.state !== 'OWNED') throw new AppError('EDITION_LOCKED');
    return {
      id: row.id,
      productId: row.product_id,
      serialNumber: Number(row.serial_number),
      rarity: row.rarity,
      brandId: row.brand_id,
      collectionId: row.collection_id,
    };
  });
}

/**
 * Burns editions locked by lockBurnableEditions (OWNED to BURNED) with a BURNED history row each, in one statement,
 * each dated after its edition's last move (movedAtSql). Writes editions, product_activities.
 */
export async function burnEditions(tx: Db, ownerUserId: string, editionIds: readonly string[], now: Date) {
  const { from, to, activity } = editionMoves.burn;
  const burned = await queryRows<{ edition_id: string }>(
    tx,
    sql`
      with moved as (
        update editions set state = ${to}, moved_at = ${movedAtSql(now.toISOString())}
        where id = any(${sqlArray([...editionIds])}::uuid[]) and owner_user_id = ${ownerUserId}
          and state = any(${sqlArray(from)}::text[])
        returning id as edition_id, product_id, serial_number, owner_user_id as actor_user_id, moved_at as at
      ),
      numbered as (select moved.*, row_number() over (order by edition_id) as n from moved),
      logged as (
        ${insertProductActivitiesSql(
          activity,
          sql`select * from numbered`,
          editionIds.map(() => newId()),
        )}
      )
      select edition_id from moved`,
  );
  // The rows are locked and checked, so a shortfall is a bug, not a race: roll everything back.
  if (burned.length !== editionIds.length) throw new Error('fusion burned fewer editions than it locked');
}

/**
 * Mints ahead: a fusion's result edition claimed for `ownerUserId` (UNISSUED to OWNED, in their collection from now)
 * with its FUSED history row. Writes editions, product_activities.
 */
export async function issueEdition(tx: Db, editionId: string, ownerUserId: string, now: Date): Promise<void> {
  const { from, to, activity } = editionMoves.issue;
  const at = now.toISOString();
  const issued = await queryRows<{ edition_id: string }>(
    tx,
    sql`
      with moved as (
        update editions set state = ${to}, owner_user_id = ${ownerUserId}, acquired_at = ${at}::timestamptz
        where id = ${editionId} and state = any(${sqlArray(from)}::text[])
        returning id as edition_id, product_id, serial_number, owner_user_id as actor_user_id,
                  ${at}::timestamptz as at, 1::bigint as n
      ),
      logged as (${insertProductActivitiesSql(activity, sql`select * from moved`, [newId()])})
      select edition_id from moved`,
  );
  if (issued.length !== 1) throw new Error(`edition ${editionId} was not waiting to be issued`);
}

/**
 * Across every collector: how many editions in collections match, how many people hold them, and a few of them (the
 * console's preview of a slot's rule). Reads editions.
 */
export async function matchingEditionsEverywhere(
  db: Db,
  match: TEditionMatch,
): Promise<{
  count: number;
  holderCount: number;
  examples: { id: string; productId: string; serialNumber: number }[];
}> {
  const [counts] = await queryRows<{ n: number | string; holders: number | string }>(
    db,
    sql`select count(*) as n, count(distinct owner_user_id) as holders from editions
        where state in (${collected}) and ${matchSql(match)}`,
  );
  const examples = await queryRows<{ id: string; product_id: string; serial_number: number }>(
    db,
    sql`select id, product_id, serial_number from editions
        where state in (${collected}) and ${matchSql(match)} order by product_id, serial_number limit 5`,
  );
  return {
    count: Number(counts?.n ?? 0),
    holderCount: Number(counts?.holders ?? 0),
    examples: examples.map((row) => ({
      id: row.id,
      productId: row.product_id,
      serialNumber: Number(row.serial_number),
    })),
  };
}
