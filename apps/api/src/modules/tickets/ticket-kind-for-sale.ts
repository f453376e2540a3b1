import { and, eq } from 'drizzle-orm';
import type { TTicketKind } from '@cypher/contract';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import { publishedBrandIds } from '../catalog/published-brand-ids.ts';
import { onSaleCondition, ticketKindViewsOf } from './ticket-kind-views.ts';
import { ticketKinds } from './tickets.tables.ts';

/**
 * Route: none of its own; for the order flow (POST /v2/orders and GET /v1/orders/fee with a ticket kind) · Reads:
 * ticket_kinds, brands (through the catalogue) · Tests: ticket-purchases.test.ts.
 *
 * The kind with its price and per-order limit when it can be bought now (it exists, is active, has a price, and its
 * brand, if any, is published). One collectors can see but not buy now (taken off sale, or only ever granted) is
 * TICKET_KIND_NOT_ON_SALE: they may hold some, and "could not find" would be untrue; one they cannot see at all (none
 * such, or its brand unpublished) is TICKET_KIND_NOT_FOUND.
 */
export async function ticketKindForSale(db: Db, id: string): Promise<TTicketKind> {
  const onSale = await onSaleCondition(db);
  const [row] = onSale
    ? await db
        .select()
        .from(ticketKinds)
        .where(and(eq(ticketKinds.id, id), onSale))
    : [];
  if (row) {
    const [view] = await ticketKindViewsOf(db, [row]);
    return view!;
  }
  const [known] = await db.select({ brandId: ticketKinds.brandId }).from(ticketKinds).where(eq(ticketKinds.id, id));
  const isVisible =
    known && (known.brandId === null || (await publishedBrandIds(db, [known.brandId])).has(known.brandId));
  throw new AppError(isVisible ? 'TICKET_KIND_NOT_ON_SALE' : 'TICKET_KIND_NOT_FOUND');
}
