import { asc, count } from 'drizzle-orm';
import type { TPage, TTag, TTagListQuery } from '@cypher/contract';
import type { Db } from '../../db/client.ts';
import { containsText } from '../../db/search.ts';
import { pageWindow, toPage } from '../../http/pagination.ts';
import { tags } from './catalog.tables.ts';
import { toTag } from './catalog-views.ts';

export async function listTags(db: Db, query: TTagListQuery): Promise<TPage<TTag>> {
  const where = query.q ? containsText(tags.name, query.q) : undefined;
  const { limit, offset } = pageWindow(query);
  const rows = await db
    .select()
    .from(tags)
    .where(where)
    .orderBy(asc(tags.name), asc(tags.id))
    .limit(limit)
    .offset(offset);
  const [counted] = await db.select({ total: count() }).from(tags).where(where);
  return toPage(rows.map(toTag), query, counted?.total ?? 0);
}
