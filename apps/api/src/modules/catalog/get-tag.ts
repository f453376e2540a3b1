import { eq } from 'drizzle-orm';
import type { TTag } from '@cypher/contract';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import { tags } from './catalog.tables.ts';
import { toTag } from './catalog-views.ts';
import { isUuid } from './identifiers.ts';

/** A tag by id or slug. */
export async function getTag(db: Db, idOrSlug: string): Promise<TTag> {
  const match = isUuid(idOrSlug) ? eq(tags.id, idOrSlug) : eq(tags.slug, idOrSlug.toLowerCase());
  const [row] = await db.select().from(tags).where(match);
  if (!row) throw new AppError('NOT_FOUND');
  return toTag(row);
}
