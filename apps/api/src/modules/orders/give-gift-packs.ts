import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { claimBuyerHash, type TActivityKind } from '@cypher/contract';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { sqlArray } from '../../db/sql-arrays.ts';
import { AppError } from '../../http/app-error.ts';
import { newId } from '../../lib/ids.ts';
import { sha256Hex } from '../../lib/sha256-hex.ts';
import { getSaleDrop } from '../drops/get-sale-drop.ts';
import { notifySignalSql } from '../drops/live/drop-signals.ts';
import { assignPacksCtes, claimPacks, hasUnclaimedPacks } from '../drops/packs/pack-claims.ts';
import { holdOffRevealWhileHidden, isDropRevealed } from '../drops/reveal-drop.ts';

/*
 * Route: none of its own; grants/deliver-grants.ts gives PACK grants through it (POST /v1/redeems, POST
 * /v1/attendance, the airdrop job) · Writes: orders, and through drops' fragment packs, pack_claim_log and
 * product_activities · Reads: the published drop (getSaleDrop); packs and the drop's reveal (isGiftPackLeft, for GET
 * /v1 and /v2/attendance/today through grants/grants-left.ts) · UI: features/redeem, features/attendance, the
 * notifications; the pack opens from My Collection and My packs · Tests: grants/gift-packs.test.ts,
 * redeem/gift-pack-races.test.ts, attendance/attendance.test.ts (isGiftPackLeft).
 */

/** A pack given: the GIFT order that owns it, and the pack. */
export interface TGivenPack {
  orderId: string;
  packId: string;
  packNumber: number;
}

/**
 * Gives one pack of a drop's gift round to each of `userIds` (decision record 36), inside the caller's transaction, in
 * a fixed number of statements however many there are (an airdrop's batch of 500). Each pack is owned the way every
 * pack is, through an order of the one order flow (decision record 28), and bound to its owner in the drop's claim log
 * before the reveal (decision record 23):
 *
 * 1. the drop must not have ended, and its contents must still be hidden: the shared side of the reveal's lock is
 *    held to the commit, so the reveal, which publishes the claim log, waits for this gift, and a gift after the
 *    reveal gives nothing (nobody receives a pack whose contents are already public, nor is the log written after
 *    it was published);
 * 2. packs are claimed from the gift round only (its policy id scopes the claim, FOR UPDATE SKIP LOCKED, waiting only
 *    for packs other gifts hold: db/claim-unclaimed-units.ts), lowest numbers first; a sale round is never touched;
 * 3. one statement writes, per pack, a SUCCESSFUL order of kind PACK with payment method GIFT, zero amounts and no
 *    ledger movement, with its own buyer salt, and hands the pack over through drops' fragment: the order and owner
 *    set, the claim log's CLAIMED row written exactly as a purchase's (buyerHash = sha256(salt:userId)), and each
 *    edition's `activity` (REDEEMED, AIRDROPPED or REWARDED, shown once the pack is opened or the drop revealed).
 *
 * No purchase allowance is written: a gift never counts against what a person may buy in a sale round. Answers, in
 * the order of `userIds`, the pack each was given, or null for those the round ran out for (or when the drop has
 * ended): the caller marks them OUT_OF_STOCK. Orders notify nobody (the occasion that gives says so itself); the drop's
 * watchers are told the count given moved, through the drops' `changed` signal sent at the commit.
 */
export async function giveGiftPacks(
  tx: Db,
  input: {
    dropId: string;
    giftRoundId: string;
    userIds: readonly string[];
    activity: Extract<TActivityKind, 'REDEEMED' | 'AIRDROPPED' | 'REWARDED'>;
    now: Date;
  },
): Promise<(TGivenPack | null)[]> {
  const { userIds, now } = input;
  const none = userIds.map(() => null);
  if (userIds.length === 0) return none;
  const drop = await getSaleDrop(tx, input.dropId);
  const giftRound = drop?.giftRound;
  if (!drop || giftRound?.id !== input.giftRoundId) throw new AppError('GRANT_ITEM_NOT_FOUND');
  if (now >= drop.dropEndAt) return none;
  if (!(await holdOffRevealWhileHidden(tx, drop.id))) return none;

  const packs = await claimPacks(tx, giftRound.id, userIds.length);
  if (packs.length === 0) return none;
  const orders = packs.map((pack, index) => {
    const userId = userIds[index]!;
    const buyerSalt = randomBytes(16).toString('hex');
    return { id: newId(), userId, pack, buyerSalt, buyerHash: claimBuyerHash(buyerSalt, userId, sha256Hex) };
  });
  const at = now.toISOString();
  const column = <T>(pick: (order: (typeof orders)[number]) => T) => sqlArray(orders.map(pick));
  const [written] = await queryRows<{ n: number }>(
    tx,
    sql`
      with placed as (
        insert into orders (id, user_id, item_kind, item_id, drop_id, round, quantity, payment_method, status,
                            unit_price, subtotal, service_fee, total, currency, buyer_salt, created_at, updated_at)
        select o.id, o.user_id, 'PACK', ${giftRound.id}::uuid, ${drop.id}::uuid, ${giftRound.round}::int, 1, 'GIFT',
               'SUCCESSFUL', 0, 0, 0, 0, 'USD', o.buyer_salt, ${at}::timestamptz, ${at}::timestamptz
        from unnest(${column((o) => o.id)}::uuid[], ${column((o) => o.userId)}::uuid[],
                    ${column((o) => o.buyerSalt)}::text[]) as o(id, user_id, buyer_salt)
      ),
      ${assignPacksCtes(
        drop.id,
        orders.map((order) => ({
          pack: order.pack,
          orderId: order.id,
          userId: order.userId,
          buyerHash: order.buyerHash,
          at: now,
        })),
        { editionsPerPack: drop.editionsPerPack, activity: input.activity },
      )}
      select count(*)::int as n from assigned`,
  );
  if (Number(written?.n) !== orders.length) {
    throw new Error(`${orders.length - Number(written?.n)} claimed gift packs were not handed over`);
  }
  // The drop page's live count of packs given, on every instance, once this commits (decision record 35).
  await queryRows(tx, sql`select ${notifySignalSql({ kind: 'changed', dropId: drop.id })}`);
  return userIds.map((_, index) => {
    const order = orders[index];
    return order ? { orderId: order.id, packId: order.pack.id, packNumber: order.pack.number } : null;
  });
}

/**
 * Whether giveGiftPacks would give a pack of the gift round at `now`, by its own conditions: the drop has not ended,
 * its contents are still hidden, and a pack of the round is unclaimed. Plain reads (no reveal lock, no claim, no
 * counter row; the drop itself from getSaleDrop's memory), so a page can say a reward has run out before someone
 * spends a check-in on it; the gift still decides under its locks, and may find the last pack gone.
 */
export async function isGiftPackLeft(
  db: Db,
  grant: { dropId: string; giftRoundId: string },
  now: Date,
): Promise<boolean> {
  const drop = await getSaleDrop(db, grant.dropId);
  if (!drop || drop.giftRound?.id !== grant.giftRoundId || now >= drop.dropEndAt) return false;
  if (await isDropRevealed(db, drop.id)) return false;
  return hasUnclaimedPacks(db, grant.giftRoundId, null);
}
