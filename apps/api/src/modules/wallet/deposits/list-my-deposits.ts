import { and, count, desc, eq, inArray, isNull, not, notInArray, or } from 'drizzle-orm';
import {
  openDepositStatuses,
  unpaidDepositStatuses,
  type TDepositStatus,
  type TDeposit,
  type TMyDepositsQuery,
  type TPage,
} from '@cypher/contract';
import type { Db } from '../../../db/client.ts';
import { pageWindow, toPage } from '../../../http/pagination.ts';
import { closedByPersonReasons } from './close-order-checkout.ts';
import { depositViews, selectDepositViews } from './deposit-views.ts';
import { deposits } from './deposits.tables.ts';

/**
 * `GET /v1/deposits`: mine, newest first (ids are UUID v7, so they break ties in time order); with `isOpen`, only
 * those the provider may still pay (what blocks a deletion) or only the others; with `isUnpaid`, only those that
 * ended without being paid (the payment page's "Payments that did not go through") or only the others.
 */
export async function listMyDeposits(db: Db, userId: string, query: TMyDepositsQuery): Promise<TPage<TDeposit>> {
  const { limit, offset } = pageWindow(query);
  const where = and(
    eq(deposits.userId, userId),
    statusFilter(openDepositStatuses, query.isOpen),
    unpaidFilter(query.isUnpaid),
  );
  const rows = await selectDepositViews(db, where)
    .orderBy(desc(deposits.createdAt), desc(deposits.id))
    .limit(limit)
    .offset(offset);
  const [counted] = await db.select({ total: count() }).from(deposits).where(where);
  return toPage(await depositViews(db, rows), query, counted?.total ?? 0);
}

/**
 * Ended without being paid: failed or expired, but not a checkout the person closed themselves, choosing another way
 * to pay the same order or cancelling it (close-order-checkout.ts's closedByPersonReasons): nothing went wrong there.
 */
function unpaidFilter(isUnpaid: boolean | undefined) {
  if (isUnpaid === undefined) return undefined;
  const unpaid = and(
    inArray(deposits.status, [...unpaidDepositStatuses]),
    or(isNull(deposits.failureReason), notInArray(deposits.failureReason, [...closedByPersonReasons])),
  );
  return isUnpaid ? unpaid! : not(unpaid!);
}

/** A deposit in one of `statuses` (`true`), in none of them (`false`), or no filter. */
function statusFilter(statuses: readonly TDepositStatus[], isIn: boolean | undefined) {
  if (isIn === undefined) return undefined;
  const matches = inArray(deposits.status, [...statuses]);
  return isIn ? matches : not(matches);
}
