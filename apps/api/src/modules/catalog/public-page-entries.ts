import { asc, desc, eq } from 'drizzle-orm';
import type { TBrandType } from '@cypher/contract';
import type { Db } from '../../db/client.ts';
import { brandVisibility, ownedVisibility, productVisibility, publicScope } from './catalog-scope.ts';
import { brands, collections, licenses, products } from './catalog.tables.ts';

/** A public page of the catalogue as the sitemap lists it: what names its address, and when it last changed. */
export interface TBrandPageEntry {
  id: string;
  type: TBrandType;
  updatedAt: Date;
}
export interface TProductPageEntry {
  id: string;
  updatedAt: Date;
}
export type TLicensePageEntry = TProductPageEntry;
export type TCollectionPageEntry = TProductPageEntry;

/** Published brands, most recently changed first, at most `limit`. */
export async function publicBrandPages(db: Db, limit: number): Promise<TBrandPageEntry[]> {
  if (limit <= 0) return [];
  return db
    .select({ id: brands.id, type: brands.type, updatedAt: brands.updatedAt })
    .from(brands)
    .where(brandVisibility(publicScope))
    .orderBy(desc(brands.updatedAt), asc(brands.id))
    .limit(limit);
}

/** Products the public sees (published, under a published brand, in a published collection or none), at most `limit`. */
export async function publicProductPages(db: Db, limit: number): Promise<TProductPageEntry[]> {
  if (limit <= 0) return [];
  return db
    .select({ id: products.id, updatedAt: products.updatedAt })
    .from(products)
    .innerJoin(brands, eq(brands.id, products.brandId))
    .leftJoin(collections, eq(collections.id, products.collectionId))
    .where(productVisibility(publicScope))
    .orderBy(desc(products.updatedAt), asc(products.id))
    .limit(limit);
}

/** Published licenses under published brands, most recently changed first, at most `limit`. */
export async function publicLicensePages(db: Db, limit: number): Promise<TLicensePageEntry[]> {
  if (limit <= 0) return [];
  return db
    .select({ id: licenses.id, updatedAt: licenses.updatedAt })
    .from(licenses)
    .innerJoin(brands, eq(brands.id, licenses.brandId))
    .where(ownedVisibility(publicScope, licenses))
    .orderBy(desc(licenses.updatedAt), asc(licenses.id))
    .limit(limit);
}

/** Published collections under published brands (a collection's page, with its figure bases), at most `limit`. */
export async function publicCollectionPages(db: Db, limit: number): Promise<TCollectionPageEntry[]> {
  if (limit <= 0) return [];
  return db
    .select({ id: collections.id, updatedAt: collections.updatedAt })
    .from(collections)
    .innerJoin(brands, eq(brands.id, collections.brandId))
    .where(ownedVisibility(publicScope, collections))
    .orderBy(desc(collections.updatedAt), asc(collections.id))
    .limit(limit);
}
