import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { publishedBrandIds } from '../catalog/published-brand-ids.ts';
import { passes } from './passes.tables.ts';

/*
 * Route: none; site/sitemap.ts asks it (GET /sitemap.xml) · Reads: passes, brands (through publishedBrandIds) ·
 * Tests: site/site.test.ts.
 */

/** A pass's public page as the sitemap lists it. */
export interface TPassPageEntry {
  id: string;
  updatedAt: Date;
}

/**
 * Passes the public can open (published, under a published brand: what `GET /v1/passes` lists), most recently changed
 * first, at most `limit`.
 */
export async function publicPassPages(db: Db, limit: number): Promise<TPassPageEntry[]> {
  const brandIds = [...(await publishedBrandIds(db))];
  if (limit <= 0 || brandIds.length === 0) return [];
  return db
    .select({ id: passes.id, updatedAt: passes.updatedAt })
    .from(passes)
    .where(and(eq(passes.status, 'PUBLISHED'), inArray(passes.brandId, brandIds)))
    .orderBy(desc(passes.updatedAt), asc(passes.id))
    .limit(limit);
}
