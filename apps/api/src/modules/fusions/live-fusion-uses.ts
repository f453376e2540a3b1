import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { advisoryLockClasses } from '../../db/advisory-locks.ts';

/*
 * Route: none of its own; the catalogue's unpublish and product moves ask it (catalog/console/publication/live-uses.ts),
 * and a fusion's publication and edits hold their slots' collections through it (publish-fusion.ts, write-fusion.ts) ·
 * Reads: fusions, fusion_slots · Writes: nothing (advisory locks) · Tests:
 * catalog/console/publication/unpublish-in-live-use.test.ts, unpublish-in-live-use-races.test.ts.
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

/**
 * Held by a fusion's publication, or an edit of a published one, for each collection its slots take, shared, until it
 * commits: a product moving out of one of them (waitForSlotPublications) waits for it and then sees the fusion live,
 * and is refused, rather than leaving a slot that collectors are about to be shown as taking it. Nothing else about a
 * collection is held: a product's row lock could not be asked for every product of a collection. Taken after the
 * publication's row locks (its slots' products and collections, its result), so that a move, which locks its product
 * first, never waits here for a publication that waits for that product. In id order, as row locks are.
 */
export async function holdSlotCollections(tx: Db, collectionIds: readonly (string | null)[]): Promise<void> {
  const unique = [...new Set(collectionIds.filter((id): id is string => id !== null))].sort();
  for (const id of unique) {
    await tx.execute(
      sql`select pg_advisory_xact_lock_shared(${advisoryLockClasses.fusionSlotCollection}, hashtext(${id}::text))`,
    );
  }
}

/**
 * Taken by a product leaving `collectionId`, before it reads the live fusions whose slots take that collection: a
 * fusion published or changed at the same moment either commits first and is read, or waits until the product has
 * left (holdSlotCollections). Held until the move commits.
 */
export async function waitForSlotPublications(tx: Db, collectionId: string): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(${advisoryLockClasses.fusionSlotCollection}, hashtext(${collectionId}::text))`,
  );
}
