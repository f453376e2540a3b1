import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { TAuditAction, TAuditEntityType } from '@cypher/contract';
import type { Db } from '../../../db/client.ts';
import { auditLog } from '../console.tables.ts';

/**
 * The audit rows of some entities of one type, oldest first, in one read on audit_log_entity_created_idx: for a
 * module whose history is its audit rows (a withdrawal's steps).
 */
export async function auditTrail(db: Db, entityType: TAuditEntityType, entityIds: readonly string[]) {
  if (entityIds.length === 0) return [];
  return db
    .select({
      entityId: auditLog.entityId,
      actorUserId: auditLog.actorUserId,
      after: auditLog.after,
      at: auditLog.createdAt,
    })
    .from(auditLog)
    .where(and(eq(auditLog.entityType, entityType), inArray(auditLog.entityId, [...entityIds])))
    .orderBy(asc(auditLog.createdAt), asc(auditLog.id));
}

/**
 * One action's audit rows about one entity, newest first, a window at a time, with how many there are: for a module
 * whose record of an act is its audit row (the grants made of a ticket kind). Walks audit_log_entity_created_idx.
 */
export async function auditRowsOf(
  db: Db,
  about: { entityType: TAuditEntityType; entityId: string; action: TAuditAction },
  window: { limit: number; offset: number },
) {
  const where = and(
    eq(auditLog.entityType, about.entityType),
    eq(auditLog.entityId, about.entityId),
    eq(auditLog.action, about.action),
  );
  const [rows, [counted]] = await Promise.all([
    db
      .select({ id: auditLog.id, actorUserId: auditLog.actorUserId, after: auditLog.after, at: auditLog.createdAt })
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(window.limit)
      .offset(window.offset),
    db.select({ total: count() }).from(auditLog).where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}
