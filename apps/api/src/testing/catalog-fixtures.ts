import type { TBrandType, TPublicationStatus, TRarity } from '@cypher/contract';
import type { Db } from '../db/client.ts';
import { newId } from '../lib/ids.ts';
import {
  banners,
  brands,
  categories,
  collections,
  licenses,
  productActivities,
  productTags,
  products,
  tags,
} from '../modules/catalog/catalog.tables.ts';

/**
 * Catalogue rows written straight to the tables, so read tests control exactly what exists (status, times, links)
 * without going through the console. Every name and slug is unique per call; everything defaults to PUBLISHED.
 */
let counter = 0;
function unique(label: string) {
  counter += 1;
  return `${label}-${Date.now().toString(36)}-${counter}`;
}

const stamps = (status: TPublicationStatus, at: Date) => ({
  status,
  publishedAt: status === 'PUBLISHED' ? at : null,
  createdAt: at,
  updatedAt: at,
});

export async function insertBrand(
  db: Db,
  fields: {
    name?: string;
    slug?: string;
    type?: TBrandType;
    isFeatured?: boolean;
    status?: TPublicationStatus;
    createdAt?: Date;
    bannerUrl?: string;
  } = {},
) {
  const slug = fields.slug ?? unique('brand');
  const [row] = await db
    .insert(brands)
    .values({
      id: newId(),
      slug,
      name: fields.name ?? `Brand ${slug}`,
      type: fields.type ?? 'ARTIST',
      isFeatured: fields.isFeatured ?? false,
      bannerUrl: fields.bannerUrl ?? null,
      ...stamps(fields.status ?? 'PUBLISHED', fields.createdAt ?? new Date()),
    })
    .returning();
  return row!;
}

export async function insertLicense(
  db: Db,
  brandId: string,
  fields: { name?: string; status?: TPublicationStatus } = {},
) {
  const [row] = await db
    .insert(licenses)
    .values({
      id: newId(),
      brandId,
      name: fields.name ?? unique('License'),
      ...stamps(fields.status ?? 'PUBLISHED', new Date()),
    })
    .returning();
  return row!;
}

export async function insertCollection(
  db: Db,
  brandId: string,
  fields: { name?: string; licenseId?: string | null; sortOrder?: number; status?: TPublicationStatus } = {},
) {
  const [row] = await db
    .insert(collections)
    .values({
      id: newId(),
      brandId,
      licenseId: fields.licenseId ?? null,
      name: fields.name ?? unique('Collection'),
      sortOrder: fields.sortOrder ?? 0,
      ...stamps(fields.status ?? 'PUBLISHED', new Date()),
    })
    .returning();
  return row!;
}

export async function insertCategory(db: Db, fields: { name?: string; sortOrder?: number } = {}) {
  const slug = unique('category');
  const now = new Date();
  const [row] = await db
    .insert(categories)
    .values({
      id: newId(),
      slug,
      name: fields.name ?? `Category ${slug}`,
      sortOrder: fields.sortOrder ?? 0,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return row!;
}

export async function insertTag(db: Db, fields: { name?: string } = {}) {
  const slug = unique('tag');
  const now = new Date();
  const [row] = await db
    .insert(tags)
    .values({ id: newId(), slug, name: fields.name ?? `Tag ${slug}`, createdAt: now, updatedAt: now })
    .returning();
  return row!;
}

export async function insertProduct(
  db: Db,
  brandId: string,
  fields: {
    name?: string;
    rarity?: TRarity;
    collectionId?: string | null;
    licenseId?: string | null;
    categoryId?: string | null;
    tagIds?: string[];
    status?: TPublicationStatus;
    createdAt?: Date;
  } = {},
) {
  const [row] = await db
    .insert(products)
    .values({
      id: newId(),
      brandId,
      collectionId: fields.collectionId ?? null,
      licenseId: fields.licenseId ?? null,
      categoryId: fields.categoryId ?? null,
      name: fields.name ?? unique('Product'),
      rarity: fields.rarity ?? 'COMMON',
      imageUrl: '/uploads/product.webp',
      imageThumbnailUrl: '/uploads/product-thumb.webp',
      properties: [{ traitType: 'Background', value: 'Neon' }],
      editionSize: 100,
      ...stamps(fields.status ?? 'PUBLISHED', fields.createdAt ?? new Date()),
    })
    .returning();
  if (fields.tagIds?.length)
    await db.insert(productTags).values(fields.tagIds.map((tagId) => ({ productId: row!.id, tagId })));
  return row!;
}

export async function insertActivity(db: Db, productId: string, createdAt: Date, actorUserId: string | null = null) {
  const [row] = await db
    .insert(productActivities)
    .values({
      id: newId(),
      productId,
      kind: actorUserId ? 'PURCHASED' : 'MINTED',
      actorUserId,
      editionNumber: 1,
      createdAt,
    })
    .returning();
  return row!;
}

export async function insertBanner(
  db: Db,
  fields: {
    title?: string;
    status?: TPublicationStatus;
    startsAt?: Date | null;
    endsAt?: Date | null;
    sortOrder?: number;
  } = {},
) {
  const [row] = await db
    .insert(banners)
    .values({
      id: newId(),
      title: fields.title ?? unique('Banner'),
      imageUrl: '/uploads/banner.webp',
      startsAt: fields.startsAt ?? null,
      endsAt: fields.endsAt ?? null,
      sortOrder: fields.sortOrder ?? 0,
      ...stamps(fields.status ?? 'PUBLISHED', new Date()),
    })
    .returning();
  return row!;
}
