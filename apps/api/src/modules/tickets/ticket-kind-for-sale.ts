import { and, eq } from 'drizzle-orm';
import type { TTicketKind } from '@cypher/contract';
import type { Db } from '../../db/client.ts';
import { onSaleCondition, ticketKindViewsOf } from './ticket-kind-views.ts';
import { ticketKinds } from './tickets.tables.ts';

/**
 * Route: none of its own; for the order flow (POST /v2/orders with a ticket kind, wired by the lead) · Reads:
 * ticket_kinds, brands (through the catalogue) · Tests: tickets.test.ts.
 *
 * The kind with its price and per-order limit when it can be bought now (it exists, is active, has a price, and its
 * brand, if any, is published), else null: the order flow refuses the purchase with its own code.
 */
export async function ticketKindForSale(db: Db, id: string): Promise<TTicketKind | null> {
  const onSale = await onSaleCondition(db);
  if (!onSale) return null;
  const [row] = await db
    .select()
    .from(ticketKinds)
    .where(and(eq(ticketKinds.id, id), onSale));
  if (!row) return null;
  const [view] = await ticketKindViewsOf(db, [row]);
  return view!;
}
