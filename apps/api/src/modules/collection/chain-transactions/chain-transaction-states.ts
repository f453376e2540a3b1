import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import {
  chainTransactions,
  type TChainTransactionRow,
  type TChainTransactionStatus,
} from './chain-transactions.tables.ts';

/*
 * Route: none (the sender job, send-chain-transactions.ts) · Writes: chain_transactions · Tests:
 * chain-transactions.test.ts.
 */

/**
 * The chain transaction state machine (house rule 6). PENDING: recorded, maybe with a nonce and signed bytes, not yet
 * taken by a node. SENT: a node has it. CONFIRMED: mined and succeeded; FAILED: mined and reverted. Both are final.
 *
 * PENDING -> CONFIRMED or FAILED: the bytes were sent, the process stopped before recording it, and on the resend the
 * node already had them mined (it answers "nonce too low"; the receipt decides). PENDING or SENT -> PENDING: the
 * nonce was spent by another transaction of the same key and these bytes can never be mined, so the intent goes back
 * to the queue without a nonce (releaseNonce).
 */
const chainTransactionTransitions: Record<TChainTransactionStatus, readonly TChainTransactionStatus[]> = {
  PENDING: ['SENT', 'CONFIRMED', 'FAILED', 'PENDING'],
  SENT: ['CONFIRMED', 'FAILED', 'PENDING'],
  CONFIRMED: [],
  FAILED: [],
};

function statesLeadingTo(to: TChainTransactionStatus): TChainTransactionStatus[] {
  return (Object.keys(chainTransactionTransitions) as TChainTransactionStatus[]).filter((from) =>
    chainTransactionTransitions[from].includes(to),
  );
}

/**
 * `UPDATE chain_transactions SET status = to WHERE id = $1 AND tx_hash = $2 AND status IN (states leading to it)`: the
 * hash pins the move to the bytes it is about (a second runner that released and re-signed the intent meanwhile
 * makes this one move nothing). Answers whether it moved.
 */
export async function transitionChainTransaction(
  db: Db,
  row: Pick<TChainTransactionRow, 'id' | 'txHash'>,
  move: { to: TChainTransactionStatus; now: Date; changes?: Partial<TChainTransactionRow> },
): Promise<boolean> {
  const moved = await db
    .update(chainTransactions)
    .set({ ...move.changes, status: move.to, updatedAt: move.now })
    .where(
      and(
        eq(chainTransactions.id, row.id),
        row.txHash === null ? sql`${chainTransactions.txHash} is null` : eq(chainTransactions.txHash, row.txHash),
        inArray(chainTransactions.status, statesLeadingTo(move.to)),
      ),
    )
    .returning({ id: chainTransactions.id });
  return moved.length === 1;
}

/** A call to the node failed: the intent stays where it is, counted and explained, for the next run. */
export async function recordChainAttemptFailure(db: Db, id: string, error: unknown, now: Date): Promise<void> {
  const message = error instanceof Error ? error.message : String(error);
  await db
    .update(chainTransactions)
    .set({ attempts: sql`${chainTransactions.attempts} + 1`, lastError: message.slice(0, 500), updatedAt: now })
    .where(eq(chainTransactions.id, id));
}
