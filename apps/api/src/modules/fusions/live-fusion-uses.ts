import { sql, type SQL } from 'drizzle-orm';

/*
 * Route: none of its own; the catalogue's unpublish asks it (catalog/console/publication/live-uses.ts) · Reads:
 * fusions, fusion_slots · Tests: catalog/console/publication/unpublish-in-live-use.test.ts.
 */

/**
 * The published fusions not yet ended that make or take what is asked about, as rows `(kind, name, ends_at, rank 1)`
 * for the catalogue's list of live uses: kind 'fusion result' when the result is a product `isUsed` names, else
 * 'fusion slot' for a slot taking such a product, or taking the collection `collectionId` (when a collection is asked
 * about).
 */
export function liveFusionUsesSql(isUsed: (productId: SQL) => SQL, collectionId: string | null, now: Date): SQL {
  const slotTakesCollection = collectionId ? sql`s.rule_collection_id = ${collectionId}::uuid or ` : sql``;
  return sql`select case when ${isUsed(sql`f.result_product_id`)} then 'fusion result' else 'fusion slot' end as kind,
                    f.name, f.end_at as ends_at, 1 as rank from fusions f
             where f.status = 'PUBLISHED' and f.end_at > ${now.toISOString()}::timestamptz
               and (${isUsed(sql`f.result_product_id`)}
                    or exists (select 1 from fusion_slots s where s.fusion_id = f.id
                                 and (${slotTakesCollection}(s.rule_product_id is not null and ${isUsed(sql`s.rule_product_id`)}))))`;
}
