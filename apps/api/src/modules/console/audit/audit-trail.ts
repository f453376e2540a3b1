import { and, asc, eq, inArray } from 'drizzle-orm';
import type { TAuditEntityType } from '@cypher/contract';
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
