import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { TBrand, TBrandListQuery, TPage } from '@cypher/contract';
import type { Db } from '../../db/client.ts';
import { containsText } from '../../db/search.ts';
import { pageWindow, toPage } from '../../http/pagination.ts';
import { brandVisibility, type CatalogScope } from './catalog-scope.ts';
import { brands } from './catalog.tables.ts';
import { toBrand } from './catalog-views.ts';

const brandOrder = {
  name: [asc(brands.name), asc(brands.id)],
  '-name': [desc(brands.name), desc(brands.id)],
  createdAt: [asc(brands.createdAt), asc(brands.id)],
  '-createdAt': [desc(brands.createdAt), desc(brands.id)],
} as const;

export async function listBrands(db: Db, query: TBrandListQuery, scope: CatalogScope): Promise<TPage<TBrand>> {
  const where = and(
    brandVisibility(scope),
    query.type ? eq(brands.type, query.type) : undefined,
    query.isFeatured === undefined ? undefined : eq(brands.isFeatured, query.isFeatured),
    query.q ? containsText(brands.name, query.q) : undefined,
  );
  const { limit, offset } = pageWindow(query);
  const rows = await db
    .select()
    .from(brands)
    .where(where)
    .orderBy(...brandOrder[query.sort])
    .limit(limit)
    .offset(offset);
  const [counted] = await db.select({ total: count() }).from(brands).where(where);
  return toPage(rows.map(toBrand), query, counted?.total ?? 0);
}
