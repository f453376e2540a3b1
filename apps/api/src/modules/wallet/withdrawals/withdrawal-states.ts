import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { withdrawalTransitions, withdrawalStatuses, type TWithdrawalStatus } from '@cypher/contract';
import type { Db } from '../../../db/client.ts';
import { withdrawals, type TWithdrawalRow } from './withdrawals.tables.ts';

/**
 * The states a withdrawal may be in for a move to `to`, read from the one state table (house rule 6) in
 * packages/contract, which the console also reads to offer only the allowed moves.
 */
function statesLeadingTo(to: TWithdrawalStatus): TWithdrawalStatus[] {
  return withdrawalStatuses.filter((from) => withdrawalTransitions[from].includes(to));
}

export interface TWithdrawalMove {
  /** The state the move left, read from the row it locked: what the audit row (and so the history) records. */
  before: TWithdrawalStatus;
  /** The row after the move. */
  row: TWithdrawalRow;
  /** When the move counts as made: never before the move it follows (see transitionWithdrawal). */
  at: Date;
}

/**
 * One statement: lock the row, move it to `to` if its locked state leads there, and return the state it left. The
 * lock matters: a plain `UPDATE ... WHERE status IN (...)` re-checks a row a concurrent move just changed, but a
 * state read before it (or in an unlocked CTE) is the old one, so the audit row would record a start the withdrawal
 * was no longer in and the steps a person sees would not chain. PostgreSQL 15 has no OLD in RETURNING, hence the CTE.
 * Null when the withdrawal is unknown, in no state leading to `to` (someone else moved it first), or the reviewer's
 * own: the spec's compliance review is someone else's, so the statement that moves it also refuses its owner.
 */
export async function transitionWithdrawal(
  tx: Db,
  id: string,
  move: { to: TWithdrawalStatus; now: Date; reviewerId: string; changes?: Partial<TWithdrawalRow> },
): Promise<TWithdrawalMove | null> {
  const locked = tx.$with('locked').as(
    tx
      .select({
        id: withdrawals.id,
        before: sql<TWithdrawalStatus>`${withdrawals.status}`.as('before'),
        previousAt: sql<Date>`${withdrawals.updatedAt}`.as('previous_at'),
      })
      .from(withdrawals)
      .where(eq(withdrawals.id, id))
      .for('update'),
  );
  // Two admins' clocks (or one request that read its clock before waiting for the lock) may disagree by a moment;
  // the history is ordered by time, so a move is stamped no earlier than the move it follows.
  const at = sql<Date>`greatest(${move.now}::timestamptz, ${locked.previousAt})`;
  const [moved] = await tx
    .with(locked)
    .update(withdrawals)
    .set({ ...move.changes, status: move.to, updatedAt: at })
    .from(locked)
    .where(
      and(
        eq(withdrawals.id, locked.id),
        inArray(locked.before, statesLeadingTo(move.to)),
        ne(withdrawals.userId, move.reviewerId),
      ),
    )
    .returning({ before: locked.before, row: withdrawals });
  return moved ? { before: moved.before, row: moved.row, at: moved.row.updatedAt } : null;
}
