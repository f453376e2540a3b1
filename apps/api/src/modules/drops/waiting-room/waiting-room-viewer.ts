import { and, eq } from 'drizzle-orm';
import { placesAheadAt, secondsUntil, type TWaitingRoomViewer } from '@cypher/contract';
import type { Db } from '../../../db/client.ts';
import type { Clock } from '../../../lib/clock.ts';
import { signAdmission } from './admission-tokens.ts';
import { assignPlacesSoon } from './assign-waiting-room-places.ts';
import type { TRoundWaitingRoom } from './round-waiting-room.ts';
import { waitingRoomEntries } from './waiting-room.tables.ts';

/*
 * Route: none of its own; GET and POST /v1/drops/{dropId}/rounds/{round}/waiting-room answer with it · Reads:
 * waiting_room_entries (the caller's own row) · UI: features/drops/components/waiting-room-panel.tsx ·
 * Tests: waiting-room.test.ts.
 */

/** Polls never wait longer than this between answers, so a place further back still sees its count move. */
const MAX_POLL_SECONDS = 60;

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

/**
 * What the caller sees of their place at `now`. Everything follows from their own row and the room's settings: the
 * place, its admission time, who is still ahead (placesAheadAt), and from that time on until it expires, a signed
 * admission token, the same one on every poll.
 */
export function waitingRoomViewer(
  authSecret: string,
  room: TRoundWaitingRoom,
  userId: string,
  entry: TWaitingRoomEntry | null,
  now: Date,
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
  const expiresAt = new Date(entry.admitAt.getTime() + room.tokenTtlSeconds * 1000);
  if (now >= expiresAt) return { ...none, ...placed, status: 'EXPIRED', placesAhead: 0, pollAfterSeconds: null };
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
