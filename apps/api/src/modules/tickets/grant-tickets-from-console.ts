import { and, eq } from 'drizzle-orm';
import type { TConsoleTicketGrant, TGrantTicketsRequest } from '@cypher/contract';
import type { AppContext } from '../../app-context.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import { runWithIdempotencyKey, type TIdempotentRequest } from '../../http/idempotency.ts';
import { managedBy, type Operator } from '../../http/operator-guard.ts';
import { newId } from '../../lib/ids.ts';
import { recordAudit } from '../console/audit/record-audit.ts';
import { findAccountByEmail, findAccountById } from '../users/accounts.ts';
import { grantTickets } from './grant-tickets.ts';
import { ticketHoldings, ticketKinds } from './tickets.tables.ts';

/**
 * Route: POST /v1/console/ticket-kinds/{id}/grants (Idempotency-Key required) · Writes: ticket_movements,
 * ticket_holdings, notifications (through grantTickets), audit_log, idempotency_keys · Reads: ticket_kinds, users
 * (through the users module) · UI: features/console ticket-grant-form.tsx · Tests: tickets-console.test.ts.
 *
 * An operator gives a person tickets of a kind they manage (CONSOLE_GRANT), named by user id, or by email address if
 * the operator is an admin (RECIPIENT_EMAIL_ADMIN_ONLY otherwise). Tickets are worth money, so the request must carry
 * an Idempotency-Key: a double click or a retried request answers the first grant instead of granting again. The
 * grant's own id is its movement's reference, and the audit row keeps who, how many and the note.
 */
export async function grantTicketsFromConsole(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  operator: Operator,
  ticketKindId: string,
  input: TGrantTicketsRequest,
  idempotent: TIdempotentRequest | null,
): Promise<TConsoleTicketGrant> {
  if (!idempotent) throw new AppError('IDEMPOTENCY_KEY_REQUIRED');
  // Whether an address has an account is an admin's to know, as the address itself is: a brand's manager names the
  // person by user id, and an address is refused before it is looked up, the same answer whoever it names.
  if (!operator.isAdmin && input.email !== undefined) throw new AppError('RECIPIENT_EMAIL_ADMIN_ONLY');
  const now = ctx.clock.now();
  const answer = await runWithIdempotencyKey<TConsoleTicketGrant>(
    { db: ctx.db, now },
    operator.userId,
    idempotent,
    async (tx) => ({ status: 201, body: await grant(tx, operator, ticketKindId, input, now) }),
  );
  return answer.body;
}

async function grant(
  tx: Db,
  operator: Operator,
  ticketKindId: string,
  input: TGrantTicketsRequest,
  now: Date,
): Promise<TConsoleTicketGrant> {
  const [kind] = await tx
    .select({
      id: ticketKinds.id,
      name: ticketKinds.name,
      imageUrl: ticketKinds.imageUrl,
      brandId: ticketKinds.brandId,
    })
    .from(ticketKinds)
    .where(eq(ticketKinds.id, ticketKindId));
  if (!kind) throw new AppError('TICKET_KIND_NOT_FOUND');
  managedBy(operator, kind, kind.brandId);
  const person = input.email ? await findAccountByEmail(tx, input.email) : await findAccountById(tx, input.userId!);
  // A deleted account keeps its row (records point at it) but nobody can use what it is given.
  if (!person || person.deletedAt) throw new AppError('TICKET_RECIPIENT_NOT_FOUND');

  const id = newId();
  await grantTickets(tx, [
    { userId: person.id, ticketKindId, count: input.count, reason: 'CONSOLE_GRANT', referenceId: id, now },
  ]);
  const [holding] = await tx
    .select({ count: ticketHoldings.count })
    .from(ticketHoldings)
    .where(and(eq(ticketHoldings.userId, person.id), eq(ticketHoldings.ticketKindId, ticketKindId)));
  const granted: TConsoleTicketGrant = {
    id,
    // A brand's manager may grant to an id they saw on a public page; that must not turn ids into addresses, so the
    // address is an admin's only (the only ones who may name a person by it).
    user: { id: person.id, email: operator.isAdmin ? person.email : null, nickname: person.nickname },
    kind: { id: kind.id, name: kind.name, imageUrl: kind.imageUrl },
    count: input.count,
    holding: holding!.count,
    note: input.note,
    createdAt: now.toISOString(),
  };
  await recordAudit(tx, {
    actorUserId: operator.userId,
    action: 'grant',
    entityType: 'ticket_kind',
    entityId: ticketKindId,
    before: null,
    after: granted,
    at: now,
  });
  return granted;
}
