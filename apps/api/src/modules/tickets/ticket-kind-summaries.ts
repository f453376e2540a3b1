import { inArray } from 'drizzle-orm';
import type { TBrandSummary } from '@cypher/contract';
import type { Db } from '../../db/client.ts';
import { brandSummariesByIds } from '../catalog/brand-summaries.ts';
import { ticketKinds } from './tickets.tables.ts';

/**
 * Ticket kinds as another module shows them beside its rows (an order of tickets): name, artwork, brand, and whether
 * it is active (the console's raffle names an inactive entry kind so). Reads
 * ticket_kinds, brands (through the catalogue). Tests: ticket-purchases.test.ts.
 */
export async function ticketKindSummariesByIds(
  db: Db,
  ids: readonly string[],
): Promise<
  Map<string, { id: string; name: string; imageUrl: string | null; isActive: boolean; brand: TBrandSummary | null }>
> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({
      id: ticketKinds.id,
      name: ticketKinds.name,
      imageUrl: ticketKinds.imageUrl,
      isActive: ticketKinds.isActive,
      brandId: ticketKinds.brandId,
    })
    .from(ticketKinds)
    .where(inArray(ticketKinds.id, unique));
  const brands = await brandSummariesByIds(
    db,
    rows.flatMap((row) => row.brandId ?? []),
  );
  return new Map(
    rows.map(({ brandId, ...row }) => [row.id, { ...row, brand: brandId ? (brands.get(brandId) ?? null) : null }]),
  );
}
