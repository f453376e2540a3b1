import { asc, count } from 'drizzle-orm';
import type { TCategory, TCategoryListQuery, TPage } from '@cypher/contract';
import type { Db } from '../../db/client.ts';
import { containsText } from '../../db/search.ts';
import { pageWindow, toPage } from '../../http/pagination.ts';
import { categories } from './catalog.tables.ts';
import { toCategory } from './catalog-views.ts';

/** Categories have no drafts: an operator creates one when it is needed, so all are public. */
export async function listCategories(db: Db, query: TCategoryListQuery): Promise<TPage<TCategory>> {
  const where = query.q ? containsText(categories.name, query.q) : undefined;
  const { limit, offset } = pageWindow(query);
  const rows = await db
    .select()
    .from(categories)
    .where(where)
    .orderBy(asc(categories.sortOrder), asc(categories.name), asc(categories.id))
    .limit(limit)
    .offset(offset);
  const [counted] = await db.select({ total: count() }).from(categories).where(where);
  return toPage(rows.map(toCategory), query, counted?.total ?? 0);
}
