import { sql, type SQL } from 'drizzle-orm';

/*
 * Route: none of its own; the catalogue's unpublish asks it (catalog/console/publication/live-uses.ts) · Reads: drops,
 * drop_contents · Tests: catalog/console/publication/unpublish-in-live-use.test.ts.
 */

/**
 * The drops the public is shown a product through until they end, as rows `(kind 'drop', name, ends_at, rank 0)` for
 * the catalogue's list of live uses: being published or published, not yet ended (dropStatusAt: COMPLETED from
 * dropEndAt on), with packs holding a product `isUsed` says is the one asked about.
 */
export function liveDropUsesSql(isUsed: (productId: SQL) => SQL, now: Date): SQL {
  return sql`select 'drop' as kind, d.name, d.drop_end_at as ends_at, 0 as rank from drops d
             where d.publication_status in ('PUBLISHING', 'PUBLISHED') and d.drop_end_at > ${now.toISOString()}::timestamptz
               and exists (select 1 from drop_contents c where c.drop_id = d.id and ${isUsed(sql`c.product_id`)})`;
}
