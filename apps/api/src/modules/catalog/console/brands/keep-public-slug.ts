import type { Db } from '../../../../db/client.ts';
import { brandPreviousSlugs } from '../../catalog.tables.ts';

/**
 * Writes: brand_previous_slugs · Callers: update-brand.ts (a published brand's slug changed), change-publication.ts
 * (a brand unpublished) · Tests: console-writes.test.ts.
 *
 * Keeps `slug` as a link to the brand because the public saw the brand by it, so `/brands/<slug>` finds the brand
 * whenever it is published, whatever it goes by then (get-brand.ts). A slug another brand gave up before is this
 * one's now: the brand the public saw by it last.
 */
export async function keepPublicSlug(tx: Db, brandId: string, slug: string, now: Date): Promise<void> {
  await tx
    .insert(brandPreviousSlugs)
    .values({ slug, brandId, replacedAt: now })
    .onConflictDoUpdate({ target: brandPreviousSlugs.slug, set: { brandId, replacedAt: now } });
}
