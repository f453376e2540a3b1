import { and, asc, count, desc, eq, inArray, isNull, or, type SQL } from 'drizzle-orm';
import type {
  TConsoleTicketKind,
  TConsoleTicketKindListQuery,
  TPage,
  TPageQuery,
  TTicketKind,
  TTicketKindListQuery,
} from '@cypher/contract';
import type { Db } from '../../db/client.ts';
import { containsText } from '../../db/search.ts';
import type { Operator } from '../../http/operator-guard.ts';
import { pageWindow, toPage } from '../../http/pagination.ts';
import { consoleTicketKindViewsOf, onSaleCondition, ticketKindViewsOf } from './ticket-kind-views.ts';
import { ticketKinds, type TTicketKindRow } from './tickets.tables.ts';

/*
 * Route: GET /v1/tickets (public) and GET /v1/console/ticket-kinds · Reads: ticket_kinds, brands (through the
 * catalogue) · UI: features/drops tickets-page.tsx ("On sale"), the console's Tickets section · Tests:
 * tickets.test.ts, tickets-console.test.ts.
 */

/** The kinds anyone can buy now, cheapest first (then by name): what /tickets offers. */
export async function listTicketKindsForSale(db: Db, query: TTicketKindListQuery): Promise<TPage<TTicketKind>> {
  const onSale = await onSaleCondition(db, query.brandId);
  if (!onSale) return toPage([], query, 0);
  const { rows, total } = await pageOfKinds(db, onSale, query, [
    asc(ticketKinds.price),
    asc(ticketKinds.name),
    asc(ticketKinds.id),
  ]);
  return toPage(await ticketKindViewsOf(db, rows), query, total);
}

/**
 * The console's list, newest first, on sale or not: every kind for an admin, a brand manager's brands' kinds for
 * them (the marketplace's own kinds, with no brand, are the admins'). `brandId` keeps one brand's, and the
 * marketplace's too with `withMarketplace`.
 */
export async function listConsoleTicketKinds(
  db: Db,
  query: TConsoleTicketKindListQuery,
  operator: Operator,
): Promise<TPage<TConsoleTicketKind>> {
  if (!operator.isAdmin && operator.brandIds.length === 0) return toPage([], query, 0);
  const where = and(
    operator.isAdmin
      ? undefined
      : or(
          inArray(ticketKinds.brandId, [...operator.brandIds]),
          query.withMarketplace ? isNull(ticketKinds.brandId) : undefined,
        ),
    // A raffle's entry may be its drop's brand's kind or the marketplace's: with withMarketplace, the brand asked for
    // and the marketplace, so a page of 100 holds only what that raffle may take (an admin lists every brand's).
    query.brandId
      ? or(eq(ticketKinds.brandId, query.brandId), query.withMarketplace ? isNull(ticketKinds.brandId) : undefined)
      : undefined,
    query.q ? containsText(ticketKinds.name, query.q) : undefined,
  );
  const { rows, total } = await pageOfKinds(db, where, query, [desc(ticketKinds.createdAt), desc(ticketKinds.id)]);
  return toPage(await consoleTicketKindViewsOf(db, rows), query, total);
}

async function pageOfKinds(
  db: Db,
  where: SQL | undefined,
  query: TPageQuery,
  order: SQL[],
): Promise<{ rows: TTicketKindRow[]; total: number }> {
  const { limit, offset } = pageWindow(query);
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(ticketKinds)
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(ticketKinds).where(where),
  ]);
  return { rows, total: Number(counted?.total ?? 0) };
}
