import { eq } from 'drizzle-orm';
import type { TConsoleTicketKind, TUpdateTicketKindRequest } from '@cypher/contract';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../http/app-error.ts';
import { assertUnchangedSince, nextVersionAt, type TSeenVersion } from '../../http/entry-version.ts';
import { managedBy, type Operator } from '../../http/operator-guard.ts';
import { inAuditedEdit } from '../console/audit/audited-edit.ts';
import { consoleTicketKindViewsOf } from './ticket-kind-views.ts';
import { ticketKinds } from './tickets.tables.ts';

/**
 * Route: PATCH /v1/console/ticket-kinds/{id} · Writes: ticket_kinds, audit_log · Reads: brands (through the
 * catalogue) · UI: features/console ticket-kind-form.tsx · Tests: tickets-console.test.ts.
 *
 * Changes a kind's words, artwork, price, limit or whether it is active. Taking it off sale (inactive, or no price)
 * leaves what people hold alone: their tickets stay theirs to spend. The row is locked first, so two operators'
 * changes apply one after the other and each audit row's "before" is what that change replaced.
 */
export async function updateTicketKind(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  operator: Operator,
  id: string,
  input: TUpdateTicketKindRequest,
  seen: TSeenVersion = null,
): Promise<TConsoleTicketKind> {
  const now = ctx.clock.now();
  const audit = { actorUserId: operator.userId, entityType: 'ticket_kind', entityId: id, at: now } as const;
  return inAuditedEdit(ctx.db, audit, async (tx) => {
    const [locked] = await tx.select().from(ticketKinds).where(eq(ticketKinds.id, id)).for('update');
    if (!locked) throw new AppError('TICKET_KIND_NOT_FOUND');
    const [before] = await consoleTicketKindViewsOf(tx, [locked]);
    managedBy(operator, before, locked.brandId);
    assertUnchangedSince(seen, locked.updatedAt);
    const [row] = await tx
      .update(ticketKinds)
      .set({ ...input, updatedAt: nextVersionAt(now, locked.updatedAt) })
      .where(eq(ticketKinds.id, id))
      .returning();
    const [after] = await consoleTicketKindViewsOf(tx, [row!]);
    return { before: before!, after: after! };
  });
}
