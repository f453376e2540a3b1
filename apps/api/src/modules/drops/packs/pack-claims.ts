import { asc, inArray, sql, type SQL } from 'drizzle-orm';
import type { TActivityKind } from '@cypher/contract';
import { claimUnclaimedUnits, type TClaimedUnit } from '../../../db/claim-unclaimed-units.ts';
import type { Db } from '../../../db/client.ts';
import { queryRows } from '../../../db/query-rows.ts';
import { sqlArray } from '../../../db/sql-arrays.ts';
import { newId } from '../../../lib/ids.ts';
import { insertProductActivitiesSql } from '../../catalog/product-activity-fragments.ts';
import { editionsOfPacksSql } from '../../collection/edition-fragments.ts';
import { packs } from '../drops.tables.ts';
import { roundReleasedSql } from '../live/announce-round-sold-out.ts';

/**
 * How orders claim, hold, hand over and give back packs (the drops module owns packs and the claim log; orders call
 * these). Tests: orders/purchase-from-balance.test.ts, orders/purchase-races.test.ts, orders/card-orders.test.ts.
 *
 * A pack is claimed by setting its order_id, so a round's sold count is derived from the rows and no counter row is
 * written by every purchase. Every claim and every release also appends to the drop's claim log (claim-log.ts), in
 * the same statement, so the log and the packs cannot disagree.
 */

export type TClaimedPack = TClaimedUnit;

/**
 * Pack numbers of a round split in two at `split` (a guarantee's held-back packs are below it, decision record 29):
 * `below` or `from` it; null for the whole round.
 */
export type TPackRange = { below: number } | { from: number } | null;

function roundScope(policyId: string, range: TPackRange): SQL {
  if (range === null) return sql`policy_id = ${policyId}`;
  if ('below' in range) return sql`policy_id = ${policyId} and number < ${range.below}`;
  return sql`policy_id = ${policyId} and number >= ${range.from}`;
}

/**
 * Locks `count` of the round's unclaimed packs (in `range`) for this transaction, lowest numbers first (writes nothing
 * yet); fewer only when fewer are unclaimed (claimUnclaimedUnits says how, and why it waits for packs other claims
 * hold). The range is on packs_unclaimed_idx's own order (policy_id, number).
 */
export function claimPacks(tx: Db, policyId: string, count: number, range: TPackRange = null): Promise<TClaimedPack[]> {
  return claimUnclaimedUnits(tx, 'packs', roundScope(policyId, range), count);
}

/** Whether any pack of the round in `range` is unclaimed now (one probe of packs_unclaimed_idx). */
export async function hasUnclaimedPacks(db: Db, policyId: string, range: TPackRange): Promise<boolean> {
  const [row] = await queryRows<{ found: boolean }>(
    db,
    sql`select exists (select 1 from packs where ${roundScope(policyId, range)} and order_id is null) as found`,
  );
  return row?.found === true;
}

/**
 * How many of the round's packs are unclaimed now: neither sold nor held for a payment. The raffle's second draw gives
 * no more places than these serve (raffles/draw-second-chance.ts; tests: raffles/raffles.test.ts).
 */
export async function unclaimedPackCount(db: Db, policyId: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from packs where policy_id = ${policyId} and order_id is null`,
  );
  return row?.n ?? 0;
}

/**
 * Whether any pack of the round is held for a card or Tilia payment that may still fail: a round with none held and
 * none unclaimed is sold out for good (packs_held_idx).
 */
export async function hasHeldPacks(db: Db, policyId: string): Promise<boolean> {
  const [row] = await queryRows<{ found: boolean }>(
    db,
    sql`select exists (select 1 from packs where policy_id = ${policyId} and order_id is not null and owner_user_id is null) as found`,
  );
  return row?.found === true;
}

/** One claimed pack going to an order: who it is for, and the order's buyer hash for the claim log. */
export interface TPackAssignment {
  pack: TClaimedPack;
  orderId: string;
  userId: string;
  buyerHash: string;
  at: Date;
}

/**
 * Fragment, CTEs for a statement's WITH list: gives claimed packs to their orders (order, claim time) and logs each
 * claim in the drop's claim log. With `handOver` (a paid balance purchase) the packs become their buyers' at once,
 * with each edition's PURCHASED activity (handOverCte, the one hand-over, which a card payment also goes through);
 * a gift's GIFT order (decision record 36) hands over with its own activity (REDEEMED, AIRDROPPED, REWARDED) and logs
 * its claim exactly as a purchase does; without `handOver` the packs are held for an unpaid card or Tilia order (no
 * owner yet). The CTE `assigned` yields id, number, order_id, user_id, at per pack. (PostgreSQL allows data-modifying
 * CTEs only at a statement's top level, so a fragment is a list of CTEs, never a WITH of its own.)
 */
export function assignPacksCtes(
  dropId: string,
  assignments: readonly TPackAssignment[],
  handOver: { editionsPerPack: number; activity?: TActivityKind } | null,
): SQL {
  return sql`
    assigned as (
      update packs p set order_id = a.order_id, claimed_at = a.at
        ${handOver ? sql`, owner_user_id = a.user_id` : sql``}
      from unnest(${sqlArray(assignments.map((a) => a.pack.id))}::uuid[], ${sqlArray(assignments.map((a) => a.orderId))}::uuid[],
                  ${sqlArray(assignments.map((a) => a.userId))}::uuid[], ${sqlArray(assignments.map((a) => a.buyerHash))}::text[],
                  ${sqlArray(assignments.map((a) => a.at.toISOString()))}::timestamptz[])
        as a(pack_id, order_id, user_id, buyer_hash, at)
      where p.id = a.pack_id
      returning p.id, p.number, a.order_id, a.user_id, a.buyer_hash, a.at
    ),
    claims_logged as (
      ${logClaimsSql(dropId, 'CLAIMED', assignments.length, sql`select number, order_id, buyer_hash, at from assigned`)}
    )
    ${handOver ? sql`, ${handOverCte(sql`select id, user_id, at from assigned`, assignments.length * handOver.editionsPerPack, handOver.activity)}` : sql``}`;
}

/**
 * Fragment, one CTE: the hand-over of packs that just became their buyers' (`owned` yields id, user_id, at per pack):
 * each edition's activity (PURCHASED, or a gift's), through the catalogue's and the collection's fragments; the
 * catalogue shows it only once the pack is opened or the drop revealed. `editionCount` ids are made here (ours sort
 * by time).
 */
function handOverCte(owned: SQL, editionCount: number, activity: TActivityKind = 'PURCHASED'): SQL {
  const activityIds = Array.from({ length: editionCount }, () => newId());
  return sql`handed_over as (
    ${insertProductActivitiesSql(activity, editionsOfPacksSql(owned), activityIds)}
  )`;
}

/**
 * Fragment: the claim log's rows for `count` packs; `source` yields number, order_id, buyer_hash, at. Ids are made
 * here (ours sort by time) and paired with the rows by their place.
 */
function logClaimsSql(dropId: string, kind: 'CLAIMED' | 'RELEASED', count: number, source: SQL): SQL {
  return sql`
    insert into pack_claim_log (id, drop_id, kind, pack_number, order_id, buyer_hash, at)
    select ids.id, ${dropId}::uuid, ${kind}, s.number, s.order_id, s.buyer_hash, s.at
    from (select *, row_number() over (order by number) as n from (${source}) source) s
    join unnest(${sqlArray(Array.from({ length: count }, () => newId()))}::uuid[]) with ordinality as ids(id, n) on ids.n = s.n`;
}

/**
 * A held order was paid: its packs become the buyer's, handed over as a balance purchase's are (handOverCte). The
 * claim was logged when the packs were held. Writes packs, and product_activities through the catalogue's fragment.
 * Returns how many packs were handed over.
 */
export async function handOverHeldPacks(
  tx: Db,
  order: { id: string; userId: string; editionsPerPack: number; quantity: number },
  at: Date,
): Promise<number> {
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`
    with owned as (
      update packs set owner_user_id = ${order.userId}::uuid where order_id = ${order.id}::uuid
      returning id, owner_user_id as user_id, ${at.toISOString()}::timestamptz as at
    ),
    ${handOverCte(sql`select id, user_id, at from owned`, order.quantity * order.editionsPerPack)}
    select id from owned`,
  );
  return rows.length;
}

/**
 * A held order failed or timed out: its packs go back on sale, and the claim log says so (writes packs,
 * pack_claim_log). `order.quantity` is how many packs it holds, `order.roundId` the round they are of. Every instance
 * hears of it once this commits, so one that remembers the round sold out asks again (decision record 35): the one way
 * a pack comes back on sale, so the one place that says so.
 */
export async function releasePacksOf(
  tx: Db,
  order: { id: string; dropId: string; roundId: string; quantity: number; buyerHash: string },
  at: Date,
): Promise<void> {
  await tx.execute(sql`
    with released as (
      update packs p set order_id = null, owner_user_id = null, claimed_at = null
      from (select id, number from packs where order_id = ${order.id}::uuid) held
      where p.id = held.id
      returning held.number
    )
    ${logClaimsSql(
      order.dropId,
      'RELEASED',
      order.quantity,
      sql`select number, ${order.id}::uuid as order_id, ${order.buyerHash}::text as buyer_hash,
                 ${at.toISOString()}::timestamptz as at from released`,
    )}`);
  await tx.execute(roundReleasedSql(order.dropId, order.roundId));
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
