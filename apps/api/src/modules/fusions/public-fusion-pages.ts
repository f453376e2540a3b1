import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { publishedBrandIds } from '../catalog/published-brand-ids.ts';
import { fusions } from './fusions.tables.ts';

/*
 * Route: none; site/sitemap.ts asks it (GET /sitemap.xml) · Reads: fusions, brands (through publishedBrandIds) ·
 * Tests: site/site.test.ts.
 */

/** A fusion's public page as the sitemap lists it. */
export interface TFusionPageEntry {
  id: string;
  updatedAt: Date;
}

/**
 * Fusions the public can open (published, under a published brand: what `GET /v1/fusions` lists, upcoming and ended
 * ones included), most recently changed first, at most `limit`.
 */
export async function publicFusionPages(db: Db, limit: number): Promise<TFusionPageEntry[]> {
  const brandIds = [...(await publishedBrandIds(db))];
  if (limit <= 0 || brandIds.length === 0) return [];
  return db
    .select({ id: fusions.id, updatedAt: fusions.updatedAt })
    .from(fusions)
    .where(and(eq(fusions.status, 'PUBLISHED'), inArray(fusions.brandId, brandIds)))
    .orderBy(desc(fusions.updatedAt), asc(fusions.id))
    .limit(limit);
}
