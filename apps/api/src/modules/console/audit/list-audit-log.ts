import { and, count, desc, eq } from 'drizzle-orm';
import type { TAuditEntityType, TAuditEntry, TAuditLogQuery, TPage } from '@cypher/contract';
import type { Db } from '../../../db/client.ts';
import { pageWindow, toPage } from '../../../http/pagination.ts';
import { dropSummariesByIds } from '../../drops/drop-summaries.ts';
import { roundLabelsByIds } from '../../drops/sale-round.ts';
import { redeemBatchNamesByIds } from '../../redeem/console-redeem-batches.ts';
import { ticketKindSummariesByIds } from '../../tickets/ticket-kind-summaries.ts';
import { peopleByIds } from '../../users/people.ts';
import { withdrawalNamesByIds } from '../../wallet/withdrawals/withdrawal-views.ts';
import { auditLog } from '../console.tables.ts';

/** An entity's name, and what it belongs to where it has no console page of its own. */
type TEntityLabel = { name: string; parentId?: string };

/** Names alone, for the loaders that have nothing else to say. */
const named = (names: Map<string, string>) =>
  new Map([...names].map(([id, name]): [string, TEntityLabel] => [id, { name }]));

/**
 * The entities whose entries' records carry no name of theirs (a grant records what was granted, an export how many
 * codes, a raffle its settings, a withdrawal its status, a waiting room its drop's round), named from their own rows,
 * one read per kind on the page.
 */
const labelsByType: Partial<Record<TAuditEntityType, (db: Db, ids: string[]) => Promise<Map<string, TEntityLabel>>>> = {
  // A drop's own edits record its fields, name included; its rounds' waiting rooms record the room alone.
  drop: async (db, ids) =>
    new Map([...(await dropSummariesByIds(db, ids))].map(([id, drop]) => [id, { name: drop.name }])),
  ticket_kind: async (db, ids) =>
    new Map([...(await ticketKindSummariesByIds(db, ids))].map(([id, kind]) => [id, { name: kind.name }])),
  redeem_batch: async (db, ids) => named(await redeemBatchNamesByIds(db, ids)),
  raffle_round: roundLabelsByIds,
  withdrawal: async (db, ids) => named(await withdrawalNamesByIds(db, ids)),
};

async function entityLabelsOf(
  db: Db,
  rows: readonly { entityType: TAuditEntityType; entityId: string }[],
): Promise<Map<TAuditEntityType, Map<string, TEntityLabel>>> {
  const found = new Map<TAuditEntityType, Map<string, TEntityLabel>>();
  for (const [type, load] of Object.entries(labelsByType) as [
    TAuditEntityType,
    NonNullable<(typeof labelsByType)[TAuditEntityType]>,
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
  const labels = await entityLabelsOf(db, rows);
  const items = rows.map((entry) => {
    const label = labels.get(entry.entityType)?.get(entry.entityId);
    return {
      id: entry.id,
      actor: (entry.actorUserId && people.get(entry.actorUserId)) || null,
      action: entry.action,
      entityType: entry.entityType,
      entityId: entry.entityId,
      entityName: label?.name ?? null,
      entityParentId: label?.parentId ?? null,
      before: entry.before,
      after: entry.after,
      createdAt: entry.createdAt.toISOString(),
    };
  });
  return toPage(items, query, counted?.total ?? 0);
}
