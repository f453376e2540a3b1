import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { brandPreviousSlugs, brands } from './catalog.tables.ts';
import { isUuid } from './identifiers.ts';

export type TBrandNamedNow =
  | { isCurrent: true; id: string }
  /** The brand that went by the slug before, as it is now. */
  | { isCurrent: false; name: string; slug: string }
  | null;

/**
 * Route: none, for `npm run console` (cli/console-brand.ts) · Reads: brands, brand_previous_slugs.
 * A brand by its id or the slug it goes by now, drafts included; unlike getBrand, not by a slug it went by before
 * (those are for old public links): an operator granting rights names the brand as it is now. Given such a slug, it
 * answers which brand went by it, so the operator can be told the slug to use.
 */
export async function findBrandNamedNow(db: Db, idOrSlug: string): Promise<TBrandNamedNow> {
  const slug = idOrSlug.toLowerCase();
  const [row] = await db
    .select({ id: brands.id })
    .from(brands)
    .where(isUuid(idOrSlug) ? eq(brands.id, idOrSlug) : eq(brands.slug, slug));
  if (row) return { isCurrent: true, id: row.id };
  if (isUuid(idOrSlug)) return null;
  const [previous] = await db
    .select({ name: brands.name, slug: brands.slug })
    .from(brandPreviousSlugs)
    .innerJoin(brands, eq(brands.id, brandPreviousSlugs.brandId))
    .where(eq(brandPreviousSlugs.slug, slug));
  return previous ? { isCurrent: false, ...previous } : null;
}
