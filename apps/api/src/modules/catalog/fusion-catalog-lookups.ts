import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { categories } from './catalog.tables.ts';

/*
 * Route: none of its own; the fusions module (GET /v1/fusions, its detail, materials and fuse, the console) names
 * categories and finds a trait's products, or a brand's but a fusion's result, through these · Reads: categories, products · Tests: fusions/fusions.test.ts.
 */

/** Categories by id, as another module shows them beside its rows: id and name. */
export async function categorySummariesByIds(
  db: Db,
  ids: readonly string[],
): Promise<Map<string, { id: string; name: string }>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({ id: categories.id, name: categories.name })
    .from(categories)
    .where(inArray(categories.id, unique));
  return new Map(rows.map((row) => [row.id, row]));
}

/** The brand's products whose properties hold this trait value (case as typed in the console; trimmed). */
export async function productIdsWithTrait(
  db: Db,
  brandId: string,
  trait: { traitType: string; value: string },
): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`select id from products
        where brand_id = ${brandId}
          and properties @> ${JSON.stringify([{ traitType: trait.traitType, value: trait.value }])}::jsonb`,
  );
  return rows.map((row) => row.id);
}

/**
 * The brand's products but one (a fusion's result), drafts too: a product's editions outlive its publication, and a
 * rarity or collection slot must not take the result's own editions.
 */
export async function brandProductIdsExcept(db: Db, brandId: string, productId: string): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`select id from products where brand_id = ${brandId} and id <> ${productId}`,
  );
  return rows.map((row) => row.id);
}
