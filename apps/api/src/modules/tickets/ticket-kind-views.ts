import { and, eq, inArray, isNotNull, isNull, or, type SQL } from 'drizzle-orm';
import type { TConsoleTicketKind, TTicketKind } from '@cypher/contract';
import type { Db } from '../../db/client.ts';
import { brandSummariesByIds } from '../catalog/brand-summaries.ts';
import { publishedBrandIds } from '../catalog/published-brand-ids.ts';
import { ticketKinds, type TTicketKindRow } from './tickets.tables.ts';

/*
 * Reads: ticket_kinds, and brands through the catalogue's functions (decision record 14: no join across modules) ·
 * Used by every read and write of kinds in this module · Tests: tickets.test.ts, tickets-console.test.ts.
 */

/** Kinds as the API shows them, with their brands read in one query for the whole list. */
export async function ticketKindViewsOf(db: Db, rows: readonly TTicketKindRow[]): Promise<TTicketKind[]> {
  const brands = await brandSummariesByIds(
    db,
    rows.flatMap((row) => (row.brandId ? [row.brandId] : [])),
  );
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    imageUrl: row.imageUrl,
    description: row.description,
    brand: row.brandId ? (brands.get(row.brandId) ?? null) : null,
    price: row.price === null ? null : { amount: Number(row.price), currency: 'USD' },
    maxPerOrder: row.maxPerOrder,
    isActive: row.isActive,
    usedFor: row.usedFor,
  }));
}

export async function consoleTicketKindViewsOf(db: Db, rows: readonly TTicketKindRow[]): Promise<TConsoleTicketKind[]> {
  const views = await ticketKindViewsOf(db, rows);
  return views.map((view, index) => ({
    ...view,
    createdAt: rows[index]!.createdAt.toISOString(),
    updatedAt: rows[index]!.updatedAt.toISOString(),
  }));
}

/**
 * What the public may see on sale: active, priced, and of no brand or a published one (a brand still in draft shows
 * nothing of itself, as the catalogue hides everything under it). Null when nothing can match (the brand asked for
 * is not published): the caller answers an empty page rather than running a query without the condition.
 */
export async function onSaleCondition(db: Db, brandId?: string): Promise<SQL | null> {
  const published = [...(await publishedBrandIds(db, brandId ? [brandId] : undefined))];
  const onSale = and(eq(ticketKinds.isActive, true), isNotNull(ticketKinds.price));
  if (brandId) return published.length > 0 ? and(onSale, eq(ticketKinds.brandId, brandId))! : null;
  const ofVisibleBrand =
    published.length > 0
      ? or(isNull(ticketKinds.brandId), inArray(ticketKinds.brandId, published))
      : isNull(ticketKinds.brandId);
  return and(onSale, ofVisibleBrand)!;
}
