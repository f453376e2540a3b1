import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { inTransaction } from '../../../db/transaction.ts';
import { AppError } from '../../../http/app-error.ts';
import type { Operator } from '../../../http/operator-guard.ts';
import type { Clock } from '../../../lib/clock.ts';
import { recordAudit } from '../../console/audit/record-audit.ts';
import { consoleRoundOf, consoleWaitingRoom } from './get-console-waiting-room.ts';
import { assertNotOpened } from './set-waiting-room.ts';
import { waitingRoomEntries, waitingRooms } from './waiting-room.tables.ts';

/**
 * Route: DELETE /v1/console/drops/{dropId}/rounds/{round}/waiting-room · Writes: waiting_rooms, waiting_room_entries,
 * audit_log · Reads: drops, sale_policies · UI: none yet · Tests: console-waiting-room.test.ts.
 *
 * Takes a round's waiting room away, until people may join it (WAITING_ROOM_LOCKED from then on: purchases rely on it
 * staying, round-waiting-room.ts). Nobody can have joined before that, but any entry goes with its room all the same
 * (entries have no foreign key to the room, so a join in a rush takes no lock on the room's row). Audited as a change
 * of the drop. WAITING_ROOM_NOT_FOUND when the round has none.
 */
export async function removeWaitingRoom(
  deps: { db: Db; clock: Clock },
  operator: Operator,
  input: { dropId: string; round: number },
): Promise<void> {
  await inTransaction(deps.db, async (tx) => {
    const target = await consoleRoundOf(tx, operator, input, { lock: true });
    // The time once the round is locked: a change that waited for another must judge "opened" as of now.
    const now = deps.clock.now();
    const [before] = await tx.select().from(waitingRooms).where(eq(waitingRooms.policyId, target.policyId));
    if (!before) throw new AppError('WAITING_ROOM_NOT_FOUND');
    assertNotOpened(before, target.saleBeginAt, now);
    await tx.delete(waitingRoomEntries).where(eq(waitingRoomEntries.policyId, target.policyId));
    await tx.delete(waitingRooms).where(eq(waitingRooms.policyId, target.policyId));
    await recordAudit(tx, {
      actorUserId: operator.userId,
      action: 'update',
      entityType: 'drop',
      entityId: target.dropId,
      before: { round: target.round, waitingRoom: consoleWaitingRoom(target, before) },
      after: { round: target.round, waitingRoom: null },
      at: now,
    });
  });
}
