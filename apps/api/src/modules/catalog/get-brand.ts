import { and, eq, or, sql } from 'drizzle-orm';
import type { TBrand } from '@cypher/contract';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import { brandVisibility, type CatalogScope } from './catalog-scope.ts';
import { brandPreviousSlugs, brands } from './catalog.tables.ts';
import { toBrand } from './catalog-views.ts';
import { isUuid } from './identifiers.ts';

/**
 * A brand by id or by slug (`/brands/neon-arcade` reads better than a UUID in a shared link), or by a slug it went by
 * before an operator changed it (brand_previous_slugs), so an old link still finds it; a brand that goes by that slug
 * now wins. The API answers the brand itself rather than pointing to its new slug: the web's address for a brand is
 * its id (apps/web/src/lib/catalog-paths.ts), so a page reached by any slug shows the brand with its canonical link,
 * as it does for the current slug, and any other client reading `/v1/brands/{slug}` gets the brand the same way.
 */
export async function getBrand(db: Db, idOrSlug: string, scope: CatalogScope): Promise<TBrand> {
  const slug = idOrSlug.toLowerCase();
  const previousHolder = db
    .select({ brandId: brandPreviousSlugs.brandId })
    .from(brandPreviousSlugs)
    .where(eq(brandPreviousSlugs.slug, slug));
  const match = isUuid(idOrSlug) ? eq(brands.id, idOrSlug) : or(eq(brands.slug, slug), eq(brands.id, previousHolder));
  const [row] = await db
    .select()
    .from(brands)
    .where(and(match, brandVisibility(scope)))
    // The brand that goes by the slug now, before the one that went by it.
    .orderBy(sql`${brands.slug} = ${slug} desc`)
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND');
  return toBrand(row);
}
