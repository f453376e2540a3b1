import { and, eq } from 'drizzle-orm';
import type { TDeposit } from '@cypher/contract';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../http/app-error.ts';
import { depositViews, selectDepositViews } from './deposit-views.ts';
import { deposits } from './deposits.tables.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `GET /v1/deposits/:id`: the owner's deposit. Someone else's, unknown or malformed ids are all DEPOSIT_NOT_FOUND. */
export async function getMyDeposit(db: Db, userId: string, depositId: string): Promise<TDeposit> {
  if (!UUID.test(depositId)) throw new AppError('DEPOSIT_NOT_FOUND');
  const [row] = await selectDepositViews(db, and(eq(deposits.id, depositId), eq(deposits.userId, userId)));
  if (!row) throw new AppError('DEPOSIT_NOT_FOUND');
  const [view] = await depositViews(db, [row]);
  return view!;
}
