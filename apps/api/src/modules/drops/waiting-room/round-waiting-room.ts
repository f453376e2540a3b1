import { sql } from 'drizzle-orm';
import { waitingRoomJoinOpensAt } from '@cypher/contract';
import type { Db } from '../../../db/client.ts';
import { queryRows } from '../../../db/query-rows.ts';

/*
 * Route: none of its own; POST /v2/orders (through requireAdmission), the waiting room's GET and POST and the place
 * assigner ask it · Reads: waiting_rooms, sale_policies · Tests: waiting-room.test.ts, waiting-room-purchase.test.ts.
 */

/** A round's waiting room as everything but the console reads it. */
export interface TRoundWaitingRoom {
  policyId: string;
  /** The round's opening: places are drawn then, and admission starts. */
  saleBeginAt: Date;
  joinOpensAt: Date;
  opensMinutesBefore: number;
  admitPerMinute: number;
  tokenTtlSeconds: number;
  requiresVerifiedPhone: boolean;
}

/** How many rounds one process keeps: every round of many drops; cleared rather than grown past it. */
const MAX_KEPT = 10_000;
const kept = new Map<string, Promise<TRoundWaitingRoom | null>>();

/**
 * The round's waiting room, or null when it has none (or there is no such round). Purchases ask it for every round
 * they buy in, so once the answer can no longer change it is kept for the process's life and costs no read:
 *
 * - the console refuses to add, change or remove a room once people may join it, and refuses to add one to a round
 *   opening within its `opensMinutesBefore` (at least a minute): so from a minute before the round's opening, whether
 *   it has a room, and the room's settings, are fixed for good (WAITING_ROOM_LOCKED);
 * - answers are kept only from the round's opening (`now` at or past saleBeginAt), which leaves that minute for the
 *   clocks of instances to disagree. A purchase only happens in an open round, so on the purchase path every answer
 *   is a kept one after the first.
 *
 * Before the opening every call reads the database (one primary-key read), so a room set a moment ago is seen at
 * once. Concurrent calls share one read.
 */
export function waitingRoomOf(db: Db, policyId: string, now: Date): Promise<TRoundWaitingRoom | null> {
  const hit = kept.get(policyId);
  if (hit) return hit;
  const loading = loadWaitingRoom(db, policyId);
  const room = loading.then((loaded) => loaded.room);
  if (kept.size >= MAX_KEPT) kept.clear();
  kept.set(policyId, room);
  const forget = () => {
    if (kept.get(policyId) === room) kept.delete(policyId);
  };
  loading.then((loaded) => {
    if (!loaded.isSettled(now)) forget();
  }, forget);
  return room;
}

async function loadWaitingRoom(db: Db, policyId: string) {
  const [row] = await queryRows<{
    sale_begin_at: Date | string;
    opens_minutes_before: number | null;
    admit_per_minute: number | null;
    token_ttl_seconds: number | null;
    requires_verified_phone: boolean | null;
  }>(
    db,
    sql`select p.sale_begin_at, w.opens_minutes_before, w.admit_per_minute, w.token_ttl_seconds,
               w.requires_verified_phone
        from sale_policies p left join waiting_rooms w on w.policy_id = p.id
        where p.id = ${policyId}::uuid`,
  );
  const saleBeginAt = row ? new Date(row.sale_begin_at) : null;
  const room: TRoundWaitingRoom | null =
    row && saleBeginAt && row.opens_minutes_before !== null
      ? {
          policyId,
          saleBeginAt,
          joinOpensAt: waitingRoomJoinOpensAt(saleBeginAt, row.opens_minutes_before),
          opensMinutesBefore: row.opens_minutes_before,
          admitPerMinute: row.admit_per_minute!,
          tokenTtlSeconds: row.token_ttl_seconds!,
          requiresVerifiedPhone: row.requires_verified_phone!,
        }
      : null;
  return {
    room,
    // An unknown round is never kept: a round written a moment later (a draft saved) must be seen.
    isSettled: (now: Date) => saleBeginAt !== null && now.getTime() >= saleBeginAt.getTime(),
  };
}

/**
 * Whether the round has a waiting room, read now (never kept): the raffle's console asks it, with the round locked
 * (lockRoundAccess), before making the round a raffle.
 */
export async function hasWaitingRoom(db: Db, policyId: string): Promise<boolean> {
  const rows = await queryRows<{ found: number }>(
    db,
    sql`select 1 as found from waiting_rooms where policy_id = ${policyId}::uuid`,
  );
  return rows.length > 0;
}
