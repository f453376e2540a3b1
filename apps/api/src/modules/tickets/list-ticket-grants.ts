import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { TConsoleTicketGrantEntry, TPage, TPageQuery } from '@cypher/contract';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import { managedBy, type Operator } from '../../http/operator-guard.ts';
import { pageWindow, toPage } from '../../http/pagination.ts';
import { auditRowsOf } from '../console/audit/audit-trail.ts';
import { operatorSeenBy, peopleByIds } from '../users/people.ts';
import { ticketKinds } from './tickets.tables.ts';

/*
 * Route: GET /v1/console/ticket-kinds/{id}/grants (console-ticket-kinds.routes.ts) · Reads: ticket_kinds, audit_log
 * (through the console's audit module), users (through the users module) · UI: features/console edit-ticket-kind.tsx
 * · Tests: tickets-console.test.ts.
 */

/** What a grant's audit row keeps of it (grant-tickets-from-console.ts writes the whole answer; these parts are read). */
const ZRecordedGrant = z.object({
  id: z.uuid(),
  user: z.object({ id: z.uuid() }),
  count: z.number().int(),
  note: z.string().nullable().default(null),
});

/**
 * The grants made of a kind from the console, newest first: who received how many, the note, and who gave them. A
 * grant's record is its audit row, written in the grant's own transaction, so the list is complete. The same operators
 * who may open the kind may read it; only an admin sees the people's addresses.
 */
export async function listTicketGrants(
  db: Db,
  operator: Operator,
  ticketKindId: string,
  query: TPageQuery,
): Promise<TPage<TConsoleTicketGrantEntry>> {
  const [kind] = await db
    .select({ id: ticketKinds.id, brandId: ticketKinds.brandId })
    .from(ticketKinds)
    .where(eq(ticketKinds.id, ticketKindId));
  if (!kind) throw new AppError('TICKET_KIND_NOT_FOUND');
  managedBy(operator, kind, kind.brandId);

  const { rows, total } = await auditRowsOf(
    db,
    { entityType: 'ticket_kind', entityId: ticketKindId, action: 'grant' },
    pageWindow(query),
  );
  const grants = rows.map((row) => ({ ...row, grant: ZRecordedGrant.parse(row.after) }));
  const people = await peopleByIds(db, [
    ...grants.map((row) => row.grant.user.id),
    ...grants.flatMap((row) => row.actorUserId ?? []),
  ]);
  const items = grants.map(({ grant, actorUserId, at }) => {
    const person = people.get(grant.user.id);
    return {
      id: grant.id,
      user: {
        id: grant.user.id,
        email: operator.isAdmin ? (person?.email ?? null) : null,
        nickname: person?.nickname ?? null,
      },
      count: grant.count,
      note: grant.note,
      grantedBy: operatorSeenBy(operator, people, actorUserId),
      createdAt: at.toISOString(),
    };
  });
  return toPage(items, query, total);
}
