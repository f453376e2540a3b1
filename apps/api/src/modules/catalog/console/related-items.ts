import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../http/app-error.ts';
import { brands, categories, collections, licenses, tags } from '../catalog.tables.ts';

/**
 * Checks of what a console write points to. A license or collection of another brand would let a brand manager
 * hang their product on someone else's property, so "exists" is not enough: it must be the same brand.
 */

export async function assertBrandExists(tx: Db, brandId: string): Promise<void> {
  const [brand] = await tx.select({ id: brands.id }).from(brands).where(eq(brands.id, brandId));
  if (!brand) throw new AppError('RELATED_ITEM_NOT_FOUND');
}

export async function assertLicenseOfBrand(tx: Db, licenseId: string, brandId: string): Promise<void> {
  const [license] = await tx.select({ brandId: licenses.brandId }).from(licenses).where(eq(licenses.id, licenseId));
  if (!license) throw new AppError('RELATED_ITEM_NOT_FOUND');
  if (license.brandId !== brandId) throw new AppError('RELATED_ITEM_OF_OTHER_BRAND');
}

/**
 * Answers the collection's license, which a new product takes when it names none, and whether it is published, which
 * a product moving into it must be while a live drop or fusion shows it (update-product.ts).
 */
export async function assertCollectionOfBrand(
  tx: Db,
  collectionId: string,
  brandId: string,
): Promise<{ licenseId: string | null; isPublished: boolean }> {
  const [collection] = await tx
    .select({ brandId: collections.brandId, licenseId: collections.licenseId, status: collections.status })
    .from(collections)
    .where(eq(collections.id, collectionId));
  if (!collection) throw new AppError('RELATED_ITEM_NOT_FOUND');
  if (collection.brandId !== brandId) throw new AppError('RELATED_ITEM_OF_OTHER_BRAND');
  return { licenseId: collection.licenseId, isPublished: collection.status === 'PUBLISHED' };
}

export async function assertCategoryExists(tx: Db, categoryId: string): Promise<void> {
  const [category] = await tx.select({ id: categories.id }).from(categories).where(eq(categories.id, categoryId));
  if (!category) throw new AppError('RELATED_ITEM_NOT_FOUND');
}

export async function assertTagsExist(tx: Db, tagIds: readonly string[]): Promise<void> {
  if (tagIds.length === 0) return;
  const found = await tx
    .select({ id: tags.id })
    .from(tags)
    .where(inArray(tags.id, [...tagIds]));
  if (found.length !== new Set(tagIds).size) throw new AppError('RELATED_ITEM_NOT_FOUND');
}
