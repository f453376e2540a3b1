import { and, eq, inArray } from 'drizzle-orm';
import { withdrawalTransitions, withdrawalStatuses, type TWithdrawalStatus } from '@cypher/contract';
import type { Db } from '../../../db/client.ts';
import { withdrawals, type TWithdrawalRow } from './withdrawals.tables.ts';

/**
 * The states a withdrawal may be in for a move to `to`, read from the one state table (house rule 6) in
 * packages/contract, which the console also reads to offer only the allowed moves.
 */
export function statesLeadingTo(to: TWithdrawalStatus): TWithdrawalStatus[] {
  return withdrawalStatuses.filter((from) => withdrawalTransitions[from].includes(to));
}

/**
 * `UPDATE withdrawals SET status = to WHERE id = $1 AND status IN (states leading to it)`: the row after the move,
 * or null when it was not in such a state (someone else moved it first). Never read-then-write.
 */
export async function transitionWithdrawal(
  tx: Db,
  id: string,
  move: { to: TWithdrawalStatus; now: Date; changes?: Partial<TWithdrawalRow> },
): Promise<TWithdrawalRow | null> {
  const [row] = await tx
    .update(withdrawals)
    .set({ ...move.changes, status: move.to, updatedAt: move.now })
    .where(and(eq(withdrawals.id, id), inArray(withdrawals.status, statesLeadingTo(move.to))))
    .returning();
  return row ?? null;
}
