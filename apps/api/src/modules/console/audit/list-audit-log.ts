import { and, count, desc, eq } from 'drizzle-orm';
import type { TAuditEntry, TAuditLogQuery, TPage } from '@cypher/contract';
import type { Db } from '../../../db/client.ts';
import { pageWindow, toPage } from '../../../http/pagination.ts';
import { peopleByIds } from '../../users/people.ts';
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
    .select()
    .from(auditLog)
    .where(where)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit)
    .offset(offset);
  const [counted] = await db.select({ total: count() }).from(auditLog).where(where);
  const people = await peopleByIds(
    db,
    rows.flatMap((entry) => entry.actorUserId ?? []),
  );
  const items = rows.map((entry) => ({
    id: entry.id,
    actor: (entry.actorUserId && people.get(entry.actorUserId)) || null,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId,
    before: entry.before,
    after: entry.after,
    createdAt: entry.createdAt.toISOString(),
  }));
  return toPage(items, query, counted?.total ?? 0);
}
