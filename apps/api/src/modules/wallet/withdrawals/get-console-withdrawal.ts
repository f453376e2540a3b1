import { and, asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { withdrawalStatuses, type TConsoleWithdrawalDetail, type TWithdrawalHistoryEntry } from '@cypher/contract';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../http/app-error.ts';
import { auditLog } from '../../console/console.tables.ts';
import { users } from '../../users/users.tables.ts';
import { consolePersonColumns, consoleWithdrawalView } from './withdrawal-views.ts';
import { withdrawals } from './withdrawals.tables.ts';

/** What changeWithdrawalStatus records as an audit row's `after`; rows written before failureReason lack it. */
const ZMoveRecord = z.object({
  status: z.enum(withdrawalStatuses),
  rejectionReason: z.string().nullish(),
  failureReason: z.string().nullish(),
});

/**
 * `GET /v1/console/withdrawals/:id` (admins): the withdrawal with its payout details and its history. Every move
 * writes its audit row in the same transaction as the status change, so the audit rows are the history; the first
 * step, submitted, is the row itself. Pass a transaction to read inside one.
 */
export async function getConsoleWithdrawal(db: Db, id: string): Promise<TConsoleWithdrawalDetail> {
  const [found] = await db
    .select({ withdrawal: withdrawals, user: consolePersonColumns })
    .from(withdrawals)
    .innerJoin(users, eq(users.id, withdrawals.userId))
    .where(eq(withdrawals.id, id));
  if (!found) throw new AppError('WITHDRAWAL_NOT_FOUND');
  const moves = await db
    .select({ after: auditLog.after, at: auditLog.createdAt, by: consolePersonColumns })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorUserId))
    .where(and(eq(auditLog.entityType, 'withdrawal'), eq(auditLog.entityId, id)))
    .orderBy(asc(auditLog.createdAt), asc(auditLog.id));
  const history: TWithdrawalHistoryEntry[] = [
    { status: 'submitted', by: found.user, reason: null, at: found.withdrawal.createdAt.toISOString() },
  ];
  for (const move of moves) {
    const record = ZMoveRecord.safeParse(move.after);
    if (!record.success) continue;
    history.push({
      status: record.data.status,
      by: move.by,
      reason: record.data.rejectionReason ?? record.data.failureReason ?? null,
      at: move.at.toISOString(),
    });
  }
  return { ...consoleWithdrawalView(found.withdrawal, found.user), history };
}
