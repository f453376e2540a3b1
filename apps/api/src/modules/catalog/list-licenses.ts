import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { TLicense, TLicenseListQuery, TPage } from '@cypher/contract';
import type { Db } from '../../db/client.ts';
import { containsText } from '../../db/search.ts';
import { pageWindow, toPage } from '../../http/pagination.ts';
import { ownedVisibility, type CatalogScope } from './catalog-scope.ts';
import { brands, licenses } from './catalog.tables.ts';
import { brandSummaryColumns, toLicense } from './catalog-views.ts';

const licenseOrder = {
  name: [asc(licenses.name), asc(licenses.id)],
  '-name': [desc(licenses.name), desc(licenses.id)],
  createdAt: [asc(licenses.createdAt), asc(licenses.id)],
  '-createdAt': [desc(licenses.createdAt), desc(licenses.id)],
} as const;

export async function listLicenses(db: Db, query: TLicenseListQuery, scope: CatalogScope): Promise<TPage<TLicense>> {
  const where = and(
    ownedVisibility(scope, licenses),
    query.brandId ? eq(licenses.brandId, query.brandId) : undefined,
    query.q ? containsText(licenses.name, query.q) : undefined,
  );
  const { limit, offset } = pageWindow(query);
  const rows = await db
    .select({ license: licenses, brand: brandSummaryColumns })
    .from(licenses)
    .innerJoin(brands, eq(brands.id, licenses.brandId))
    .where(where)
    .orderBy(...licenseOrder[query.sort])
    .limit(limit)
    .offset(offset);
  const [counted] = await db
    .select({ total: count() })
    .from(licenses)
    .innerJoin(brands, eq(brands.id, licenses.brandId))
    .where(where);
  return toPage(
    rows.map((row) => toLicense(row.license, row.brand)),
    query,
    counted?.total ?? 0,
  );
}
