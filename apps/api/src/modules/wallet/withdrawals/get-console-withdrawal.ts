import { eq } from 'drizzle-orm';
import type { TConsoleWithdrawalDetail } from '@cypher/contract';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../http/app-error.ts';
import { peopleByIds, personIn } from '../../users/people.ts';
import { withdrawalHistories } from './withdrawal-history.ts';
import { consoleWithdrawalView } from './withdrawal-views.ts';
import { withdrawals } from './withdrawals.tables.ts';

/**
 * `GET /v1/console/withdrawals/:id` (admins): the withdrawal with its payout details and its history, each step with
 * who made it. Pass a transaction to read inside one.
 */
export async function getConsoleWithdrawal(db: Db, id: string): Promise<TConsoleWithdrawalDetail> {
  const [found] = await db.select().from(withdrawals).where(eq(withdrawals.id, id));
  if (!found) throw new AppError('WITHDRAWAL_NOT_FOUND');
  const user = personIn(await peopleByIds(db, [found.userId]), found.userId);
  const histories = await withdrawalHistories(db, [{ id, createdAt: found.createdAt, submitter: user }]);
  return { ...consoleWithdrawalView(found, user), history: histories.get(id) ?? [] };
}
