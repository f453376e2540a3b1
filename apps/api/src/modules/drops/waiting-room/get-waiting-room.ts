import { dropStatusAt, type TWaitingRoom, type TWaitingRoomViewer } from '@cypher/contract';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../http/app-error.ts';
import { consumeRateLimit, type RateLimit, type RateLimiter } from '../../../http/rate-limit/rate-limiter.ts';
import type { Clock } from '../../../lib/clock.ts';
import { getSaleDrop, type TSaleDrop, type TSaleRound } from '../get-sale-drop.ts';
import { waitingRoomOf, type TRoundWaitingRoom } from './round-waiting-room.ts';
import { isRoundSoldOutNow, isTurnAt, placedEntryOf, waitingRoomViewer } from './waiting-room-viewer.ts';

/**
 * Polls per address and minute: a person polls once a second at most (pollAfterSeconds), usually every 30 to 60;
 * this leaves room for a few dozen people behind one address (a household, a campus) and stops a script hammering.
 */
const pollsPerIp: RateLimit = { name: 'waiting-room-poll-ip', limit: 240, windowMs: 60_000 };

export interface TWaitingRoomDeps {
  db: Db;
  clock: Clock;
  authSecret: string;
  rateLimiter: RateLimiter;
}

/**
 * Route: GET /v1/drops/{dropId}/rounds/{round}/waiting-room · Writes: nothing of its own (a caller not placed after
 * the opening has the assigner run, assign-waiting-room-places.ts) · Reads: the published drop (kept in memory), the
 * room (kept once fixed), the caller's own entry, in the caller's turn whether a pack is unclaimed · UI:
 * features/drops/components/waiting-room-panel.tsx · Tests: waiting-room.test.ts, waiting-room-purchase.test.ts.
 *
 * Whether the round has a waiting room and when it opens for joining (the same for everyone, so a visitor's answer
 * is cached a second like the drop's); signed in, the caller's place, people ahead, wait, and once admitted the
 * admission token, unless the round has no pack on sale then (waitingRoomViewer). A poll reads the caller's own row
 * and nothing every other poll writes.
 */
export async function getWaitingRoom(
  deps: TWaitingRoomDeps,
  input: { dropId: string; round: number; userId: string | null; ip: string },
): Promise<TWaitingRoom> {
  await consumeRateLimit(deps.rateLimiter, pollsPerIp, input.ip);
  const now = deps.clock.now();
  const { drop, round } = await visibleRound(deps.db, input.dropId, input.round, now);
  const room = await waitingRoomOf(deps.db, round.id, now);
  let viewer: TWaitingRoomViewer | null = null;
  if (room && input.userId) {
    const entry = await placedEntryOf(deps, room, input.userId, now);
    const isSoldOut = isTurnAt(room, entry, now) && (await isRoundSoldOutNow(deps.db, round.id));
    viewer = waitingRoomViewer(deps.authSecret, room, input.userId, entry, now, { isSoldOut });
  }
  return waitingRoomAnswer(drop, round, room, now, viewer);
}

/**
 * The drop's round by its number, once the drop is visible: DROP_NOT_FOUND, ROUND_NOT_FOUND otherwise, and
 * GIFT_ROUND_NOT_FOR_SALE for its gift round (decision record 36), whose packs nobody queues for.
 */
export async function visibleRound(
  db: Db,
  dropId: string,
  roundNumber: number,
  now: Date,
): Promise<{ drop: TSaleDrop; round: TSaleRound }> {
  const drop = await getSaleDrop(db, dropId);
  if (!drop || dropStatusAt(drop, now) === 'NONE') throw new AppError('DROP_NOT_FOUND');
  const round = drop.policies.find((policy) => policy.round === roundNumber);
  if (!round && drop.giftRound?.round === roundNumber) throw new AppError('GIFT_ROUND_NOT_FOR_SALE');
  if (!round) throw new AppError('ROUND_NOT_FOUND');
  return { drop, round };
}

/** People may join from `joinOpensAt` until the round (or the drop, if sooner) ends. */
export function joinClosesAt(drop: TSaleDrop, round: TSaleRound): Date {
  return round.saleEndAt < drop.dropEndAt ? round.saleEndAt : drop.dropEndAt;
}

export function waitingRoomAnswer(
  drop: TSaleDrop,
  round: TSaleRound,
  room: TRoundWaitingRoom | null,
  now: Date,
  viewer: TWaitingRoomViewer | null,
): TWaitingRoom {
  return {
    dropId: drop.id,
    policyId: round.id,
    round: round.round,
    hasWaitingRoom: room !== null,
    joinOpensAt: room ? room.joinOpensAt.toISOString() : null,
    saleBeginAt: round.saleBeginAt.toISOString(),
    saleEndAt: round.saleEndAt.toISOString(),
    isOpenForJoining: room !== null && room.joinOpensAt <= now && now < joinClosesAt(drop, round),
    admitPerMinute: room?.admitPerMinute ?? null,
    tokenTtlSeconds: room?.tokenTtlSeconds ?? null,
    requiresVerifiedPhone: room?.requiresVerifiedPhone ?? false,
    now: now.toISOString(),
    viewer,
  };
}
