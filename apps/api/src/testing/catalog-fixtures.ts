import { eq, getTableColumns, sql } from 'drizzle-orm';
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
  const id = newId();
  const { status, publishedAt, createdAt, updatedAt } = stamps(
    fields.status ?? 'PUBLISHED',
    fields.createdAt ?? new Date(),
  );
  // Only the columns every migration since products has had: the upgrade tests (db/migrations-upgrade.test.ts) write
  // products on a schema from before the later ones (animation_url), where drizzle's insert would name them all.
  await db.execute(sql`
    insert into products (id, brand_id, collection_id, license_id, category_id, name, rarity, image_url,
                          image_thumbnail_url, properties, edition_size, status, published_at, created_at, updated_at)
    values (${id}, ${brandId}, ${fields.collectionId ?? null}, ${fields.licenseId ?? null}, ${fields.categoryId ?? null},
            ${fields.name ?? unique('Product')}, ${fields.rarity ?? 'COMMON'}, '/uploads/product.webp',
            '/uploads/product-thumb.webp', ${JSON.stringify([{ traitType: 'Background', value: 'Neon' }])}::jsonb, 100,
            ${status}, ${publishedAt}, ${createdAt}, ${updatedAt})`);
  const { animationUrl: _laterColumn, ...columnsSinceTheStart } = getTableColumns(products);
  const [row] = await db.select(columnsSinceTheStart).from(products).where(eq(products.id, id));
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
