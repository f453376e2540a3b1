import { and, count, desc, eq } from 'drizzle-orm';
import type { TOrder, TOrderCollections, TPage, TPageQuery } from '@cypher/contract';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import { pageWindow, toPage } from '../../http/pagination.ts';
import { packsOfOrder } from '../drops/packs/list-my-packs.ts';
import { orderViews } from './order-views.ts';
import { orders, type TOrderRow } from './orders.tables.ts';

/*
 * Routes: GET /v1/orders, GET /v1/orders/{id}, GET /v1/orders/{id}/collections · Writes: nothing · Reads: orders, and
 * through order-views.ts the drops, packs, deposits and ledger receipts · UI: features/orders (purchase receipt and
 * status pages), features/wallet purchases section · Tests: orders.test.ts, card-orders.test.ts.
 */

/** `GET /v1/orders/{id}`: one of mine; someone else's is not found, like one that does not exist. */
export async function getMyOrder(db: Db, userId: string, orderId: string, merchant: string): Promise<TOrder> {
  const [view] = await orderViews(db, [await myOrderRow(db, userId, orderId)], merchant);
  return view!;
}

/** `GET /v1/orders`: my orders, newest first: the purchase history, with a receipt for each paid one. */
export async function listMyOrders(
  db: Db,
  userId: string,
  query: TPageQuery,
  merchant: string,
): Promise<TPage<TOrder>> {
  const { limit, offset } = pageWindow(query);
  const rows = await db
    .select()
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit)
    .offset(offset);
  const [total] = await db.select({ value: count() }).from(orders).where(eq(orders.userId, userId));
  return toPage(await orderViews(db, rows, merchant), query, Number(total?.value ?? 0));
}

/** `GET /v1/orders/{id}/collections`: what the order delivered (its packs, with their editions once opened). */
export async function getOrderCollections(db: Db, userId: string, orderId: string): Promise<TOrderCollections> {
  const order = await myOrderRow(db, userId, orderId);
  return { orderId, status: order.status, packs: await packsOfOrder(db, userId, orderId) };
}

async function myOrderRow(db: Db, userId: string, orderId: string): Promise<TOrderRow> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  if (!row) throw new AppError('ORDER_NOT_FOUND');
  return row;
}
