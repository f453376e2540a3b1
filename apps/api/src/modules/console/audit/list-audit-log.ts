import { and, count, desc, eq } from 'drizzle-orm';
import type { TAuditEntityType, TAuditEntry, TAuditLogQuery, TPage } from '@cypher/contract';
import type { Db } from '../../../db/client.ts';
import { pageWindow, toPage } from '../../../http/pagination.ts';
import { roundNamesByIds } from '../../drops/sale-round.ts';
import { redeemBatchNamesByIds } from '../../redeem/console-redeem-batches.ts';
import { ticketKindSummariesByIds } from '../../tickets/ticket-kind-summaries.ts';
import { peopleByIds } from '../../users/people.ts';
import { auditLog } from '../console.tables.ts';

/**
 * The entities whose entries' records carry no name of theirs (a grant records what was granted, an export how many
 * codes, a raffle its settings), named from their own rows, one read per kind on the page.
 */
const namesByType: Partial<Record<TAuditEntityType, (db: Db, ids: string[]) => Promise<Map<string, string>>>> = {
  ticket_kind: async (db, ids) =>
    new Map([...(await ticketKindSummariesByIds(db, ids))].map(([id, kind]) => [id, kind.name])),
  redeem_batch: redeemBatchNamesByIds,
  raffle_round: roundNamesByIds,
};

async function entityNamesOf(
  db: Db,
  rows: readonly { entityType: TAuditEntityType; entityId: string }[],
): Promise<Map<TAuditEntityType, Map<string, string>>> {
  const found = new Map<TAuditEntityType, Map<string, string>>();
  for (const [type, load] of Object.entries(namesByType) as [
    TAuditEntityType,
    NonNullable<(typeof namesByType)[TAuditEntityType]>,
  ][]) {
    const ids = rows.filter((row) => row.entityType === type).map((row) => row.entityId);
    if (ids.length > 0) found.set(type, await load(db, ids));
  }
  return found;
}

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
  const names = await entityNamesOf(db, rows);
  const items = rows.map((entry) => ({
    id: entry.id,
    actor: (entry.actorUserId && people.get(entry.actorUserId)) || null,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId,
    entityName: names.get(entry.entityType)?.get(entry.entityId) ?? null,
    before: entry.before,
    after: entry.after,
    createdAt: entry.createdAt.toISOString(),
  }));
  return toPage(items, query, counted?.total ?? 0);
}
