import { and, eq, isNotNull, isNull, lte, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { users, type TUserRow } from '../users.tables.ts';

/**
 * The deletion lifecycle as a state machine (house rule 6), beside the account status: an account is in use, has a
 * deletion request running its seven days, or is deleted. Revoking goes back to in use; nothing leaves DELETED.
 */
export type TDeletionState = 'IN_USE' | 'REQUESTED' | 'DELETED';

const deletionTransitions: Record<TDeletionState, readonly TDeletionState[]> = {
  IN_USE: ['REQUESTED'],
  REQUESTED: ['IN_USE', 'DELETED'],
  DELETED: [],
};

const stateCondition: Record<TDeletionState, SQL | undefined> = {
  IN_USE: and(isNull(users.deleteRequestedAt), isNull(users.deletedAt)),
  REQUESTED: and(isNotNull(users.deleteRequestedAt), isNull(users.deletedAt)),
  DELETED: isNotNull(users.deletedAt),
};

function columnsFor(to: TDeletionState, now: Date): Partial<TUserRow> {
  if (to === 'IN_USE') return { deleteRequestedAt: null, updatedAt: now };
  if (to === 'REQUESTED') return { deleteRequestedAt: now, updatedAt: now };
  return { deletedAt: now, updatedAt: now };
}

/**
 * `UPDATE users SET ... WHERE id = $1 AND <in state from>`: true when this call made the move. `requestedBefore`
 * lets the completing job move only requests whose seven days have passed, even if one was renewed meanwhile;
 * `changes` are written in the same statement (the anonymised fields of a completed deletion).
 */
export async function transitionDeletionState(
  tx: Db,
  userId: string,
  move: { from: TDeletionState; to: TDeletionState; now: Date; requestedBefore?: Date; changes?: Partial<TUserRow> },
): Promise<boolean> {
  if (!deletionTransitions[move.from].includes(move.to)) {
    throw new Error(`account deletion cannot go from ${move.from} to ${move.to}`);
  }
  const moved = await tx
    .update(users)
    .set({ ...move.changes, ...columnsFor(move.to, move.now) })
    .where(
      and(
        eq(users.id, userId),
        stateCondition[move.from],
        move.requestedBefore ? lte(users.deleteRequestedAt, move.requestedBefore) : undefined,
      ),
    )
    .returning({ id: users.id });
  return moved.length === 1;
}
