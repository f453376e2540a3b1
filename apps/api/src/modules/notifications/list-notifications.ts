import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { TCursorQuery, TNotificationsPage } from '@cypher/contract';
import type { Db } from '../../db/client.ts';
import { decodeCursor, encodeCursor, ZCursorTime } from '../../http/pagination.ts';
import { notifications } from './notifications.tables.ts';

const ZNotificationCursor = z.tuple([ZCursorTime, z.uuid()]);

/** `GET /v1/notifications`: newest first by cursor (they arrive while someone reads), with the unread count. */
export async function listNotifications(db: Db, userId: string, query: TCursorQuery): Promise<TNotificationsPage> {
  const after = query.cursor ? decodeCursor(query.cursor, ZNotificationCursor) : null;
  const rows = await db
    .select()
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, userId),
        after
          ? sql`(${notifications.createdAt}, ${notifications.id}) < (${after[0]}::timestamptz, ${after[1]}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(query.size + 1);
  const [unread] = await db
    .select({ value: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  const page = rows.slice(0, query.size);
  const last = page.at(-1);
  return {
    items: page.map((row) => ({
      id: row.id,
      kind: row.kind,
      stage: row.stage,
      title: row.title,
      body: row.body,
      linkPath: row.linkPath,
      isRead: row.readAt !== null,
      createdAt: row.createdAt.toISOString(),
    })),
    nextCursor: rows.length > query.size && last ? encodeCursor([last.createdAt.toISOString(), last.id]) : null,
    unreadCount: Number(unread?.value ?? 0),
  };
}
