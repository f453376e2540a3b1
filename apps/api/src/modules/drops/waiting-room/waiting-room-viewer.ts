import { and, eq } from 'drizzle-orm';
import { placesAheadAt, secondsUntil, type TWaitingRoomViewer } from '@cypher/contract';
import type { Db } from '../../../db/client.ts';
import type { Clock } from '../../../lib/clock.ts';
import { hasUnclaimedPacks } from '../packs/pack-claims.ts';
import { signAdmission } from './admission-tokens.ts';
import { assignPlacesSoon } from './assign-waiting-room-places.ts';
import type { TRoundWaitingRoom } from './round-waiting-room.ts';
import { waitingRoomEntries } from './waiting-room.tables.ts';

/*
 * Route: none of its own; GET and POST /v1/drops/{dropId}/rounds/{round}/waiting-room answer with it · Reads:
 * waiting_room_entries (the caller's own row), packs (whether one is unclaimed, in the caller's turn) · UI:
 * features/drops/components/waiting-room-panel.tsx · Tests: waiting-room.test.ts, waiting-room-purchase.test.ts.
 */

/** Polls never wait longer than this between answers, so a place further back still sees its count move. */
const MAX_POLL_SECONDS = 60;
/**
 * In one's turn while the round has no pack on sale: asked again this often, so a held pack that comes back (its
 * payment failed or timed out) is offered to whoever's turn it is well before their turn ends.
 */
const SOLD_OUT_POLL_SECONDS = 15;

export type TWaitingRoomEntry = Pick<typeof waitingRoomEntries.$inferSelect, 'joinedAt' | 'place' | 'admitAt'>;

/** The caller's entry (their own row, by its key), or null. */
async function entryOf(db: Db, policyId: string, userId: string): Promise<TWaitingRoomEntry | null> {
  const [entry] = await db
    .select({
      joinedAt: waitingRoomEntries.joinedAt,
      place: waitingRoomEntries.place,
      admitAt: waitingRoomEntries.admitAt,
    })
    .from(waitingRoomEntries)
    .where(and(eq(waitingRoomEntries.policyId, policyId), eq(waitingRoomEntries.userId, userId)));
  return entry ?? null;
}

/**
 * Whether the round has no pack on sale now: every pack sold, or held for a card or Tilia payment (which may still come
 * back). One probe of packs_unclaimed_idx, asked only where the answer changes something (a join after the opening,
 * an entry in its turn), so a poll in line reads nothing more than before.
 */
export async function isRoundSoldOutNow(db: Db, policyId: string): Promise<boolean> {
  return !(await hasUnclaimedPacks(db, policyId, null));
}

/**
 * The caller's entry, placed if the round is open: an entry without a place then asks the assigner (shared by
 * everyone in this process asking at the same moment) and is read again. Only the caller's own row is read.
 */
export async function placedEntryOf(
  deps: { db: Db; clock: Clock },
  room: TRoundWaitingRoom,
  userId: string,
  now: Date,
): Promise<TWaitingRoomEntry | null> {
  const entry = await entryOf(deps.db, room.policyId, userId);
  if (!entry || entry.place !== null || now < room.saleBeginAt) return entry;
  await assignPlacesSoon(deps, room.policyId);
  return entryOf(deps.db, room.policyId, userId);
}

/** When the entry's turn ends: its admission time plus the room's token lifetime; null before it is placed. */
function turnEndsAt(room: TRoundWaitingRoom, entry: TWaitingRoomEntry | null): Date | null {
  return entry?.admitAt ? new Date(entry.admitAt.getTime() + room.tokenTtlSeconds * 1000) : null;
}

/**
 * Whether it is the entry's turn at `now` (from its admission time until that admission expires): only then does
 * whether the round still has a pack on sale change the answer, so only then is it read.
 */
export function isTurnAt(room: TRoundWaitingRoom, entry: TWaitingRoomEntry | null, now: Date): boolean {
  const endsAt = turnEndsAt(room, entry);
  return entry?.admitAt != null && endsAt !== null && now >= entry.admitAt && now < endsAt;
}

/**
 * What the caller sees of their place at `now`. Everything follows from their own row and the room's settings: the
 * place, its admission time, who is still ahead (placesAheadAt), and from that time on until it expires, a signed
 * admission token, the same one on every poll.
 *
 * `isSoldOut`: the round has no pack on sale now (every pack sold, or held for a card or Tilia payment). Then nobody
 * is told it is their turn, since there is nothing to buy: someone whose turn it is stays WAITING, without a token, and
 * is asked again soon; a held pack that comes back within their turn admits them then (nobody is told sold out while a
 * pack is on sale, decision record 35, and nobody is admitted while none is).
 */
export function waitingRoomViewer(
  authSecret: string,
  room: TRoundWaitingRoom,
  userId: string,
  entry: TWaitingRoomEntry | null,
  now: Date,
  { isSoldOut }: { isSoldOut: boolean },
): TWaitingRoomViewer {
  const none = {
    joinedAt: null,
    place: null,
    placesAhead: null,
    estimatedWaitSeconds: null,
    admitAt: null,
    admissionToken: null,
    admissionExpiresAt: null,
  };
  if (!entry) return { status: 'NOT_JOINED', ...none, pollAfterSeconds: null };
  const joinedAt = entry.joinedAt.toISOString();
  if (entry.place === null || entry.admitAt === null) {
    // Before the draw: at least until the opening, when the place is drawn; asked again then.
    const untilOpening = secondsUntil(room.saleBeginAt, now);
    return {
      ...none,
      status: 'WAITING',
      joinedAt,
      estimatedWaitSeconds: untilOpening,
      pollAfterSeconds: clampPoll(untilOpening),
    };
  }
  const placed = { joinedAt, place: entry.place, admitAt: entry.admitAt.toISOString() };
  if (now < entry.admitAt) {
    const wait = secondsUntil(entry.admitAt, now);
    return {
      ...none,
      ...placed,
      status: 'WAITING',
      placesAhead: placesAheadAt(entry.admitAt, now, room.admitPerMinute),
      estimatedWaitSeconds: wait,
      // Half the wait: a handful of polls whatever the distance, the last one on time even on a clock that is off.
      pollAfterSeconds: clampPoll(Math.ceil(wait / 2)),
    };
  }
  const expiresAt = turnEndsAt(room, entry)!;
  if (now >= expiresAt) return { ...none, ...placed, status: 'EXPIRED', placesAhead: 0, pollAfterSeconds: null };
  if (isSoldOut) {
    return {
      ...none,
      ...placed,
      status: 'WAITING',
      placesAhead: 0,
      pollAfterSeconds: clampPoll(Math.min(SOLD_OUT_POLL_SECONDS, secondsUntil(expiresAt, now))),
    };
  }
  return {
    ...placed,
    status: 'ADMITTED',
    placesAhead: 0,
    estimatedWaitSeconds: 0,
    admissionToken: signAdmission(authSecret, { userId, policyId: room.policyId, expiresAt }),
    admissionExpiresAt: expiresAt.toISOString(),
    pollAfterSeconds: clampPoll(secondsUntil(expiresAt, now)),
  };
}

const clampPoll = (seconds: number) => Math.min(MAX_POLL_SECONDS, Math.max(1, seconds));
