import { eq } from 'drizzle-orm';
import {
  longestWaitingRoomLead,
  waitingRoomJoinOpensAt,
  waitingRoomLeadTooLongMessage,
  type TConsoleWaitingRoom,
  type TWaitingRoomSettings,
} from '@cypher/contract';
import type { Db } from '../../../db/client.ts';
import { inTransaction } from '../../../db/transaction.ts';
import { AppError } from '../../../http/app-error.ts';
import type { Operator } from '../../../http/operator-guard.ts';
import type { JobQueue } from '../../../jobs/job-queue.ts';
import type { Clock } from '../../../lib/clock.ts';
import { recordAudit } from '../../console/audit/record-audit.ts';
import { raffleRoundIds } from '../../raffles/raffle-round-ids.ts';
import { DRAW_WAITING_ROOM_AT_OPENING_JOB } from './assign-waiting-room-places.ts';
import { consoleRoundOf, consoleWaitingRoom } from './get-console-waiting-room.ts';
import { waitingRooms, type TWaitingRoomRow } from './waiting-room.tables.ts';

/**
 * Route: PUT /v1/console/drops/{dropId}/rounds/{round}/waiting-room · Writes: waiting_rooms, audit_log · Reads:
 * drops, sale_policies (the round's row locked), raffle_rounds (through raffleRoundIds) · UI: features/console
 * waiting-room-access.tsx · Tests: console-waiting-room.test.ts, raffles/raffle-access-races.test.ts.
 *
 * Gives a published round a waiting room, or replaces its settings, until people may join it: once the room has
 * opened for joining (or, for new settings, would have by now), WAITING_ROOM_LOCKED. That is what lets every instance
 * keep a round's room in memory from its opening on (round-waiting-room.ts) and check admissions without a read. New
 * settings refused for too long a lead, on a round a shorter one still fits, name the longest that does. A
 * draft's rounds are replaced each time it is saved, so a room waits for the drop to be published
 * (WAITING_ROOM_DROP_NOT_PUBLISHED). A raffle round gets no room (WAITING_ROOM_ROUND_IS_RAFFLE): only its winners buy,
 * and the room would invite everyone to queue; the round's row, locked here, is what set-raffle.ts locks too, so the two
 * set at once cannot both be saved. Audited as a change of the drop, with the round's room before and after.
 *
 * After the commit, a job is queued for the round's opening (one per round) to draw the places on the second; the
 * first poll after the opening would draw them anyway, so failing to queue it loses nothing.
 */
export async function setWaitingRoom(
  deps: { db: Db; clock: Clock; jobs: JobQueue },
  operator: Operator,
  input: { dropId: string; round: number; settings: TWaitingRoomSettings },
): Promise<{ waitingRoom: TConsoleWaitingRoom; isCreated: boolean }> {
  const result = await inTransaction(deps.db, async (tx) => {
    const target = await consoleRoundOf(tx, operator, input, { lock: true });
    // The time once the round is locked: a change that waited for another must judge "opened" as of now.
    const now = deps.clock.now();
    if (!target.isPublished) throw new AppError('WAITING_ROOM_DROP_NOT_PUBLISHED');
    // Read under the round's lock, which set-raffle.ts takes too: a raffle set at the same moment is seen, or waits.
    if ((await raffleRoundIds(tx, [target.policyId])).size > 0) throw new AppError('WAITING_ROOM_ROUND_IS_RAFFLE');
    const [before] = await tx.select().from(waitingRooms).where(eq(waitingRooms.policyId, target.policyId));
    assertNotOpened(before, target.saleBeginAt, now);
    if (now >= waitingRoomJoinOpensAt(target.saleBeginAt, input.settings.opensMinutesBefore)) {
      throw leadTooLong(target.saleBeginAt, now);
    }
    const [after] = await tx
      .insert(waitingRooms)
      .values({ policyId: target.policyId, ...input.settings, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({ target: waitingRooms.policyId, set: { ...input.settings, updatedAt: now } })
      .returning();
    const waitingRoom = consoleWaitingRoom(target, after!);
    await recordAudit(tx, {
      actorUserId: operator.userId,
      action: 'update',
      entityType: 'drop',
      entityId: target.dropId,
      before: { round: target.round, waitingRoom: before ? consoleWaitingRoom(target, before) : null },
      after: { round: target.round, waitingRoom },
      at: now,
    });
    return { waitingRoom, isCreated: before === undefined, opensAt: target.saleBeginAt };
  });
  await deps.jobs
    .send(
      DRAW_WAITING_ROOM_AT_OPENING_JOB,
      {},
      { startAfter: result.opensAt, singletonKey: result.waitingRoom.policyId },
    )
    .catch(() => null);
  return { waitingRoom: result.waitingRoom, isCreated: result.isCreated };
}

/** A room people may already join is fixed: WAITING_ROOM_LOCKED. */
export function assertNotOpened(room: TWaitingRoomRow | undefined, saleBeginAt: Date, now: Date): void {
  if (room && now >= waitingRoomJoinOpensAt(saleBeginAt, room.opensMinutesBefore)) {
    throw new AppError('WAITING_ROOM_LOCKED');
  }
}

/**
 * New settings that would have opened by now: WAITING_ROOM_LOCKED. While a shorter lead still fits, the refusal says
 * the longest, so the operator need not guess; a round opening within the minute, opened or ended takes none.
 */
function leadTooLong(saleBeginAt: Date, now: Date): AppError {
  const longest = longestWaitingRoomLead(saleBeginAt, now);
  if (longest === 0) return new AppError('WAITING_ROOM_LOCKED');
  const message = waitingRoomLeadTooLongMessage(longest);
  return new AppError('WAITING_ROOM_LOCKED', { message, details: [{ field: 'opensMinutesBefore', message }] });
}
