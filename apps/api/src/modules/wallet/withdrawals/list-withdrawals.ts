import { and, asc, count, desc, eq, type SQL } from 'drizzle-orm';
import type { TConsoleWithdrawal, TConsoleWithdrawalsQuery, TMyWithdrawal, TPage, TPageQuery } from '@cypher/contract';
import type { Db } from '../../../db/client.ts';
import { pageWindow, toPage } from '../../../http/pagination.ts';
import { peopleByIds, personIn } from '../../users/people.ts';
import { withdrawalHistories } from './withdrawal-history.ts';
import { consoleWithdrawalView, withdrawalView } from './withdrawal-views.ts';
import { withdrawals } from './withdrawals.tables.ts';

/** `GET /v1/withdrawals`: mine, newest first, each with its steps (not who in the team made them). */
export async function listMyWithdrawals(db: Db, userId: string, query: TPageQuery): Promise<TPage<TMyWithdrawal>> {
  const { limit, offset } = pageWindow(query);
  const where = eq(withdrawals.userId, userId);
  const rows = await db
    .select()
    .from(withdrawals)
    .where(where)
    .orderBy(desc(withdrawals.createdAt), desc(withdrawals.id))
    .limit(limit)
    .offset(offset);
  const [counted] = await db.select({ total: count() }).from(withdrawals).where(where);
  const histories = await withdrawalHistories(
    db,
    rows.map((row) => ({ id: row.id, createdAt: row.createdAt, submitter: null })),
  );
  const items = rows.map((row) => ({
    ...withdrawalView(row),
    steps: (histories.get(row.id) ?? []).map(({ status, reason, at }) => ({ status, reason, at })),
  }));
  return toPage(items, query, counted?.total ?? 0);
}

const consoleOrders = {
  '-createdAt': [desc(withdrawals.createdAt), desc(withdrawals.id)],
  createdAt: [asc(withdrawals.createdAt), asc(withdrawals.id)],
} as const;

/**
 * `GET /v1/console/withdrawals`: newest first by default, or oldest first (`sort=createdAt`, the review queue, so
 * none waits past its two weeks); by status. Either order walks withdrawals_created_idx or, with a status,
 * withdrawals_status_created_idx.
 */
export async function listConsoleWithdrawals(
  db: Db,
  query: TConsoleWithdrawalsQuery,
): Promise<TPage<TConsoleWithdrawal>> {
  const { limit, offset } = pageWindow(query);
  const conditions: SQL[] = [];
  if (query.status) conditions.push(eq(withdrawals.status, query.status));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const rows = await db
    .select()
    .from(withdrawals)
    .where(where)
    .orderBy(...consoleOrders[query.sort])
    .limit(limit)
    .offset(offset);
  const [counted] = await db.select({ total: count() }).from(withdrawals).where(where);
  const people = await peopleByIds(
    db,
    rows.map((row) => row.userId),
  );
  return toPage(
    rows.map((row) => consoleWithdrawalView(row, personIn(people, row.userId))),
    query,
    counted?.total ?? 0,
  );
}
