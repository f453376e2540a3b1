import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { brands, collections } from './catalog.tables.ts';

/*
 * Route: none of its own; GET /v1/editions and the edition endpoints show an edition's collection through it, figure
 * bases their collection, fusions their slots' collections · Reads: collections, brands · Tests: editions.test.ts,
 * my-collection.test.ts, figure-bases.test.ts, fusions/fusion-publication.test.ts.
 */

/**
 * Collections by id as other modules show them beside their own rows (an edition's collection), drafts included:
 * id and name, one query for the ids a page names.
 */
export async function collectionSummariesByIds(
  db: Db,
  ids: readonly string[],
): Promise<Map<string, { id: string; name: string }>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({ id: collections.id, name: collections.name })
    .from(collections)
    .where(inArray(collections.id, unique));
  return new Map(rows.map((row) => [row.id, row]));
}

export interface TCollectionFacts {
  id: string;
  name: string;
  brandId: string;
  /** It is published itself, whatever its brand. */
  isPublished: boolean;
  /** The public sees it: it and its brand are published. */
  isPublic: boolean;
  /** Its brand is published (the brand's page is public), whatever the collection. */
  isBrandPublished: boolean;
}

/** Collections by id with their brand and whether the public sees them, drafts included: one query. */
export async function collectionFactsByIds(db: Db, ids: readonly string[]): Promise<Map<string, TCollectionFacts>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({
      id: collections.id,
      name: collections.name,
      brandId: collections.brandId,
      status: collections.status,
      brandStatus: brands.status,
    })
    .from(collections)
    .innerJoin(brands, eq(brands.id, collections.brandId))
    .where(inArray(collections.id, unique));
  return new Map(
    rows.map((row) => [
      row.id,
      {
        id: row.id,
        name: row.name,
        brandId: row.brandId,
        isPublished: row.status === 'PUBLISHED',
        isPublic: row.status === 'PUBLISHED' && row.brandStatus === 'PUBLISHED',
        isBrandPublished: row.brandStatus === 'PUBLISHED',
      },
    ]),
  );
}

/**
 * Every collection the public sees (of one brand, when given): for modules whose public lists show only what hangs
 * on a public collection, filtering on their own collection column. A catalogue's worth of ids at most.
 */
export async function publicCollectionIds(db: Db, brandId?: string): Promise<string[]> {
  const rows = await db
    .select({ id: collections.id })
    .from(collections)
    .innerJoin(brands, eq(brands.id, collections.brandId))
    .where(
      and(
        eq(collections.status, 'PUBLISHED'),
        eq(brands.status, 'PUBLISHED'),
        brandId ? eq(collections.brandId, brandId) : undefined,
      ),
    );
  return rows.map((row) => row.id);
}
