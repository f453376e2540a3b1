import { and, eq } from 'drizzle-orm';
import type { TLicense } from '@cypher/contract';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import { ownedVisibility, type CatalogScope } from './catalog-scope.ts';
import { brands, licenses } from './catalog.tables.ts';
import { brandSummaryColumns, toLicense } from './catalog-views.ts';

export async function getLicense(db: Db, id: string, scope: CatalogScope): Promise<TLicense> {
  const [row] = await db
    .select({ license: licenses, brand: brandSummaryColumns })
    .from(licenses)
    .innerJoin(brands, eq(brands.id, licenses.brandId))
    .where(and(eq(licenses.id, id), ownedVisibility(scope, licenses)));
  if (!row) throw new AppError('NOT_FOUND');
  return toLicense(row.license, row.brand);
}
