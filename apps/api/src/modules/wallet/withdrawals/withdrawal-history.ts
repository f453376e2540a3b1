import { z } from 'zod';
import { withdrawalStatuses, type TConsolePerson, type TWithdrawalHistoryEntry } from '@cypher/contract';
import type { Db } from '../../../db/client.ts';
import { auditTrail } from '../../console/audit/audit-trail.ts';
import { peopleByIds } from '../../users/people.ts';

/** What changeWithdrawalStatus records as an audit row's `after`; rows written before failureReason lack it. */
const ZMoveRecord = z.object({
  status: z.enum(withdrawalStatuses),
  rejectionReason: z.string().nullish(),
  failureReason: z.string().nullish(),
});

/**
 * The histories of some withdrawals, oldest step first, in one read. Every move writes its audit row in the same
 * transaction as the status change, so the audit rows are the history; the first step, submitted, is the row itself
 * (made by `submitter`). Read on audit_log_entity_created_idx.
 */
export async function withdrawalHistories(
  db: Db,
  withdrawals: readonly { id: string; createdAt: Date; submitter: TConsolePerson | null }[],
): Promise<Map<string, TWithdrawalHistoryEntry[]>> {
  const histories = new Map<string, TWithdrawalHistoryEntry[]>(
    withdrawals.map((withdrawal) => [
      withdrawal.id,
      [{ status: 'submitted', by: withdrawal.submitter, reason: null, at: withdrawal.createdAt.toISOString() }],
    ]),
  );
  const moves = await auditTrail(
    db,
    'withdrawal',
    withdrawals.map((withdrawal) => withdrawal.id),
  );
  const people = await peopleByIds(
    db,
    moves.flatMap((move) => (move.actorUserId ? [move.actorUserId] : [])),
  );
  for (const move of moves) {
    const record = ZMoveRecord.safeParse(move.after);
    if (!record.success) continue;
    histories.get(move.entityId)?.push({
      status: record.data.status,
      by: (move.actorUserId && people.get(move.actorUserId)) || null,
      reason: record.data.rejectionReason ?? record.data.failureReason ?? null,
      at: move.at.toISOString(),
    });
  }
  return histories;
}
