import { and, eq } from 'drizzle-orm';
import type { TBrand } from '@cypher/contract';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import { brandVisibility, type CatalogScope } from './catalog-scope.ts';
import { brands } from './catalog.tables.ts';
import { toBrand } from './catalog-views.ts';
import { isUuid } from './identifiers.ts';

/** A brand by id or by slug (`/brands/neon-arcade` reads better than a UUID in a shared link). */
export async function getBrand(db: Db, idOrSlug: string, scope: CatalogScope): Promise<TBrand> {
  const match = isUuid(idOrSlug) ? eq(brands.id, idOrSlug) : eq(brands.slug, idOrSlug.toLowerCase());
  const [row] = await db
    .select()
    .from(brands)
    .where(and(match, brandVisibility(scope)));
  if (!row) throw new AppError('NOT_FOUND');
  return toBrand(row);
}
