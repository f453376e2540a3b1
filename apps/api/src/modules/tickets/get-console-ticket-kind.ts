import { eq } from 'drizzle-orm';
import type { TConsoleTicketKind } from '@cypher/contract';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import { managedBy, type Operator } from '../../http/operator-guard.ts';
import { consoleTicketKindViewsOf } from './ticket-kind-views.ts';
import { ticketKinds } from './tickets.tables.ts';

/**
 * Route: GET /v1/console/ticket-kinds/{id} · Reads: ticket_kinds, brands (through the catalogue) · UI:
 * features/console edit-ticket-kind.tsx · Tests: tickets-console.test.ts.
 *
 * A kind for editing, on sale or not; a brand manager of another brand is refused (403), and only admins open the
 * marketplace's own kinds.
 */
export async function getConsoleTicketKind(db: Db, operator: Operator, id: string): Promise<TConsoleTicketKind> {
  const [row] = await db.select().from(ticketKinds).where(eq(ticketKinds.id, id));
  if (!row) throw new AppError('TICKET_KIND_NOT_FOUND');
  const [view] = await consoleTicketKindViewsOf(db, [row]);
  return managedBy(operator, view!, row.brandId);
}
