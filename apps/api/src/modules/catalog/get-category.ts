import { eq } from 'drizzle-orm';
import type { TCategory } from '@cypher/contract';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import { categories } from './catalog.tables.ts';
import { toCategory } from './catalog-views.ts';

/*
 * Route: GET /v1/console/categories/{id} (console/taxonomy/console-taxonomy.routes.ts) · Writes: nothing · Reads:
 * categories · UI: features/console/sections/edit-taxonomy.tsx · Tests: console/taxonomy/console-taxonomy.test.ts.
 */

/** A category by id: the console edits one without finding it in a list (which a page of 100 may not hold). */
export async function getCategory(db: Db, id: string): Promise<TCategory> {
  const [row] = await db.select().from(categories).where(eq(categories.id, id));
  if (!row) throw new AppError('NOT_FOUND');
  return toCategory(row);
}
