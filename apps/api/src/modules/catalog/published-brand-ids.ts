import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { brands } from './catalog.tables.ts';

/**
 * The published brands among `among` (every published brand without it): for modules whose public lists hide what
 * belongs to an unpublished brand, as the catalogue hides everything under one, filtering on their own brand column.
 * Brands are few (a catalogue's worth), so the whole set is a small answer.
 */
export async function publishedBrandIds(db: Db, among?: readonly string[]): Promise<Set<string>> {
  if (among && among.length === 0) return new Set();
  const rows = await db
    .select({ id: brands.id })
    .from(brands)
    .where(and(eq(brands.status, 'PUBLISHED'), among ? inArray(brands.id, [...new Set(among)]) : undefined));
  return new Set(rows.map((row) => row.id));
}

/**
 * How long an instance goes on treating a brand it saw published as published: the purchase path asks for every
 * purchase, so a brand unpublished while its drop sells stops selling on every instance within this time, without a
 * read per purchase. Only "published" is kept: a brand published again sells at once.
 */
const PUBLISHED_BRAND_MEMORY_MS = 1_000;
const seenPublishedUntil = new Map<string, number>();
/**
 * Reads under way, by brand: the purchases that arrive while a brand is being read (a rush's first moments, and each
 * time the memory above runs out) wait for that one read instead of each sending its own on the pool the batches use.
 */
const readsInFlight = new Map<string, Promise<boolean>>();

/** Whether the brand is published, as seen by this instance at most PUBLISHED_BRAND_MEMORY_MS ago. */
export async function isBrandPublished(db: Db, brandId: string): Promise<boolean> {
  const until = seenPublishedUntil.get(brandId);
  if (until !== undefined && until > performance.now()) return true;
  let read = readsInFlight.get(brandId);
  if (!read) {
    read = readBrandPublished(db, brandId).finally(() => readsInFlight.delete(brandId));
    readsInFlight.set(brandId, read);
  }
  return read;
}

async function readBrandPublished(db: Db, brandId: string): Promise<boolean> {
  const isPublished = (await publishedBrandIds(db, [brandId])).has(brandId);
  if (isPublished) seenPublishedUntil.set(brandId, performance.now() + PUBLISHED_BRAND_MEMORY_MS);
  else seenPublishedUntil.delete(brandId);
  return isPublished;
}
