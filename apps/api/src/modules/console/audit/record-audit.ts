import type { TAuditAction, TAuditEntityType } from '@cypher/contract';
import type { Db } from '../../../db/client.ts';
import { newId } from '../../../lib/ids.ts';
import { auditLog } from '../console.tables.ts';

export interface AuditRecord {
  /** Null for changes made from the command line. */
  actorUserId: string | null;
  action: TAuditAction;
  entityType: TAuditEntityType;
  entityId: string;
  before: unknown;
  after: unknown;
  at: Date;
}

/** Call with the transaction of the change itself: the change and its audit row commit or roll back together. */
export async function recordAudit(tx: Db, record: AuditRecord): Promise<void> {
  await tx.insert(auditLog).values({
    id: newId(),
    actorUserId: record.actorUserId,
    action: record.action,
    entityType: record.entityType,
    entityId: record.entityId,
    before: record.before ?? null,
    after: record.after ?? null,
    createdAt: record.at,
  });
}
