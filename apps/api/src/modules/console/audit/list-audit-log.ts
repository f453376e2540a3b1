import { and, count, desc, eq } from 'drizzle-orm';
import type { TAuditEntry, TAuditLogQuery, TPage } from '@cypher/contract';
import type { Db } from '../../../db/client.ts';
import { pageWindow, toPage } from '../../../http/pagination.ts';
import { users } from '../../users/users.tables.ts';
import { auditLog } from '../console.tables.ts';

/** Newest first; narrowed to one entity (its history) or one actor (what they did). */
export async function listAuditLog(db: Db, query: TAuditLogQuery): Promise<TPage<TAuditEntry>> {
  const where = and(
    query.entityType ? eq(auditLog.entityType, query.entityType) : undefined,
    query.entityId ? eq(auditLog.entityId, query.entityId) : undefined,
    query.actorUserId ? eq(auditLog.actorUserId, query.actorUserId) : undefined,
  );
  const { limit, offset } = pageWindow(query);
  const rows = await db
    .select({ entry: auditLog, actor: { id: users.id, email: users.email, nickname: users.nickname } })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorUserId))
    .where(where)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit)
    .offset(offset);
  const [counted] = await db.select({ total: count() }).from(auditLog).where(where);
  const items = rows.map(({ entry, actor }) => ({
    id: entry.id,
    actor,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId,
    before: entry.before,
    after: entry.after,
    createdAt: entry.createdAt.toISOString(),
  }));
  return toPage(items, query, counted?.total ?? 0);
}
