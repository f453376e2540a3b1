import { count, desc, eq } from 'drizzle-orm';
import type { TDeposit, TPage, TPageQuery } from '@cypher/contract';
import type { Db } from '../../../db/client.ts';
import { pageWindow, toPage } from '../../../http/pagination.ts';
import { depositView, selectDepositViews } from './deposit-views.ts';
import { deposits } from './deposits.tables.ts';

/** `GET /v1/deposits`: mine, newest first (ids are UUID v7, so they break ties in time order). */
export async function listMyDeposits(db: Db, userId: string, query: TPageQuery): Promise<TPage<TDeposit>> {
  const { limit, offset } = pageWindow(query);
  const where = eq(deposits.userId, userId);
  const rows = await selectDepositViews(db, where)
    .orderBy(desc(deposits.createdAt), desc(deposits.id))
    .limit(limit)
    .offset(offset);
  const [counted] = await db.select({ total: count() }).from(deposits).where(where);
  return toPage(rows.map(depositView), query, counted?.total ?? 0);
}
