import { eq } from 'drizzle-orm';
import type { TBanner } from '@cypher/contract';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import { banners } from './catalog.tables.ts';
import { toBanner } from './catalog-views.ts';

/** One banner whatever its status or window: the console's view (the public reads the list of those showing). */
export async function getBanner(db: Db, id: string): Promise<TBanner> {
  const [row] = await db.select().from(banners).where(eq(banners.id, id));
  if (!row) throw new AppError('NOT_FOUND');
  return toBanner(row);
}
