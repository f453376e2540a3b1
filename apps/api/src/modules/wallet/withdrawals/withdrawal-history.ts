import { and, asc, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { withdrawalStatuses, type TConsolePerson, type TWithdrawalHistoryEntry } from '@cypher/contract';
import type { Db } from '../../../db/client.ts';
import { auditLog } from '../../console/console.tables.ts';
import { users } from '../../users/users.tables.ts';
import { consolePersonColumns } from './withdrawal-views.ts';

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
  if (withdrawals.length === 0) return histories;
  const moves = await db
    .select({
      withdrawalId: auditLog.entityId,
      after: auditLog.after,
      at: auditLog.createdAt,
      by: consolePersonColumns,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorUserId))
    .where(
      and(
        eq(auditLog.entityType, 'withdrawal'),
        inArray(
          auditLog.entityId,
          withdrawals.map((withdrawal) => withdrawal.id),
        ),
      ),
    )
    .orderBy(asc(auditLog.createdAt), asc(auditLog.id));
  for (const move of moves) {
    const record = ZMoveRecord.safeParse(move.after);
    if (!record.success) continue;
    histories.get(move.withdrawalId)?.push({
      status: record.data.status,
      by: move.by,
      reason: record.data.rejectionReason ?? record.data.failureReason ?? null,
      at: move.at.toISOString(),
    });
  }
  return histories;
}
