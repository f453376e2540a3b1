import { and, asc, desc, eq, inArray, lte } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { publishedBrandIds } from '../catalog/published-brand-ids.ts';
import { drops } from './drops.tables.ts';

/** A drop's public page as the sitemap lists it. */
export interface TDropPageEntry {
  id: string;
  updatedAt: Date;
}

/**
 * Drops the public can open at `now` (published, visible, under a published brand: what `GET /v1/drops` lists, upcoming
 * and completed ones included), most recently begun first, at most `limit`.
 */
export async function publicDropPages(db: Db, now: Date, limit: number): Promise<TDropPageEntry[]> {
  const brandIds = [...(await publishedBrandIds(db))];
  if (limit <= 0 || brandIds.length === 0) return [];
  return db
    .select({ id: drops.id, updatedAt: drops.updatedAt })
    .from(drops)
    .where(and(eq(drops.publicationStatus, 'PUBLISHED'), inArray(drops.brandId, brandIds), lte(drops.visibleAt, now)))
    .orderBy(desc(drops.dropBeginAt), asc(drops.id))
    .limit(limit);
}

/** The artwork of a drop the public can open at `now`, for the preload hint in its page's HTML; null otherwise. */
export async function publicDropImageUrl(db: Db, id: string, now: Date): Promise<string | null> {
  const [row] = await db
    .select({ imageUrl: drops.imageUrl, brandId: drops.brandId })
    .from(drops)
    .where(and(eq(drops.id, id), eq(drops.publicationStatus, 'PUBLISHED'), lte(drops.visibleAt, now)));
  if (!row || !(await publishedBrandIds(db, [row.brandId])).has(row.brandId)) return null;
  return row.imageUrl;
}
