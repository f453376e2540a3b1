import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import { notifications } from './notifications.tables.ts';

/** `POST /v1/notifications/{id}/read`: marks one of mine read (again is fine). Writes notifications. */
export async function markNotificationRead(db: Db, userId: string, id: string, now: Date): Promise<void> {
  const [row] = await db
    .select({ readAt: notifications.readAt })
    .from(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)));
  if (!row) throw new AppError('NOTIFICATION_NOT_FOUND');
  if (row.readAt) return;
  await db
    .update(notifications)
    .set({ readAt: now })
    .where(and(eq(notifications.id, id), isNull(notifications.readAt)));
}

/** `POST /v1/notifications/read-all`: every unread one of mine. Writes notifications. */
export async function markAllNotificationsRead(db: Db, userId: string, now: Date): Promise<void> {
  await db
    .update(notifications)
    .set({ readAt: now })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
}
