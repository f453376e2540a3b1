import { eq } from 'drizzle-orm';
import type { TConsoleWithdrawalDetail } from '@cypher/contract';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../http/app-error.ts';
import { users } from '../../users/users.tables.ts';
import { withdrawalHistories } from './withdrawal-history.ts';
import { consolePersonColumns, consoleWithdrawalView } from './withdrawal-views.ts';
import { withdrawals } from './withdrawals.tables.ts';

/**
 * `GET /v1/console/withdrawals/:id` (admins): the withdrawal with its payout details and its history, each step with
 * who made it. Pass a transaction to read inside one.
 */
export async function getConsoleWithdrawal(db: Db, id: string): Promise<TConsoleWithdrawalDetail> {
  const [found] = await db
    .select({ withdrawal: withdrawals, user: consolePersonColumns })
    .from(withdrawals)
    .innerJoin(users, eq(users.id, withdrawals.userId))
    .where(eq(withdrawals.id, id));
  if (!found) throw new AppError('WITHDRAWAL_NOT_FOUND');
  const histories = await withdrawalHistories(db, [
    { id, createdAt: found.withdrawal.createdAt, submitter: found.user },
  ]);
  return { ...consoleWithdrawalView(found.withdrawal, found.user), history: histories.get(id) ?? [] };
}
