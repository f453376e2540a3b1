import { asc, count, desc, eq, getTableColumns } from 'drizzle-orm';
import type { TMyTicket, TPage, TPageQuery } from '@cypher/contract';
import type { Db } from '../../db/client.ts';
import { pageWindow, toPage } from '../../http/pagination.ts';
import { ticketKindViewsOf } from './ticket-kind-views.ts';
import { ticketHoldings, ticketKinds } from './tickets.tables.ts';

/**
 * Route: GET /v1/tickets/my · Reads: ticket_holdings (primary key, by user), ticket_kinds, brands (through the
 * catalogue) · UI: features/drops tickets-page.tsx ("My tickets") · Tests: tickets.test.ts.
 *
 * Every kind I hold or have held, most held first: a kind whose tickets are all spent stays with a count of 0, so its
 * history on the same page still has its kind above it. Inactive kinds stay too: what I hold is mine to see.
 */
export async function listMyTickets(db: Db, userId: string, query: TPageQuery): Promise<TPage<TMyTicket>> {
  const mine = eq(ticketHoldings.userId, userId);
  const { limit, offset } = pageWindow(query);
  const [rows, [counted]] = await Promise.all([
    db
      .select({ kind: getTableColumns(ticketKinds), count: ticketHoldings.count })
      .from(ticketHoldings)
      .innerJoin(ticketKinds, eq(ticketKinds.id, ticketHoldings.ticketKindId))
      .where(mine)
      .orderBy(desc(ticketHoldings.count), asc(ticketKinds.name), asc(ticketKinds.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(ticketHoldings).where(mine),
  ]);
  const kinds = await ticketKindViewsOf(
    db,
    rows.map((row) => row.kind),
  );
  return toPage(
    kinds.map((kind, index) => ({ kind, count: rows[index]!.count })),
    query,
    Number(counted?.total ?? 0),
  );
}
