import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  bannerPlacements,
  brandTypes,
  publicationStatuses,
  rarities,
  type TActivityKind,
  type TBannerPlacement,
  type TBrandType,
  type TProductProperty,
  type TPublicationStatus,
  type TRarity,
} from '@cypher/contract';
import { isOneOf } from '../../db/checks.ts';
import { editions } from '../collection/collection.tables.ts';
import { users } from '../users/users.tables.ts';
import { timestamptz } from '../../db/columns.ts';

/** Columns every publishable entry shares: drafts are visible in the console only. */
const publication = {
  status: text('status').$type<TPublicationStatus>().notNull().default('DRAFT'),
  publishedAt: timestamptz('published_at'),
  createdAt: timestamptz('created_at').notNull(),
  updatedAt: timestamptz('updated_at').notNull(),
};

export const brands = pgTable(
  'brands',
  {
    id: uuid('id').primaryKey(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    type: text('type').$type<TBrandType>().notNull(),
    tagline: text('tagline'),
    description: text('description'),
    logoUrl: text('logo_url'),
    bannerUrl: text('banner_url'),
    websiteUrl: text('website_url'),
    isFeatured: boolean('is_featured').notNull().default(false),
    ...publication,
  },
  (table) => [
    uniqueIndex('brands_slug_key').on(table.slug),
    uniqueIndex('brands_name_lower_key').on(sql`lower(${table.name})`),
    index('brands_status_type_name_idx').on(table.status, table.type, table.name),
    index('brands_status_featured_name_idx').on(table.status, table.isFeatured, table.name),
    index('brands_status_created_idx').on(table.status, table.createdAt),
    check('brands_type_check', isOneOf(table.type, brandTypes)),
    check('brands_status_check', isOneOf(table.status, publicationStatuses)),
  ],
);
export type TBrandRow = typeof brands.$inferSelect;

/**
 * The slugs a brand went by before an operator changed it, so its old links (`/brands/old-slug`, a banner's, a post's)
 * still find it (get-brand.ts). Only slugs the public saw (keep-public-slug.ts): one a published brand gave up, and the
 * one a brand had when it was unpublished (it may be renamed as a draft, and published again); one the brand went by
 * only as a draft is not kept (update-brand.ts). One row per slug: the brand the public saw by it last. A brand that
 * now goes by the slug wins over an old one, so a slug given up is free to take.
 */
export const brandPreviousSlugs = pgTable(
  'brand_previous_slugs',
  {
    slug: text('slug').primaryKey(),
    brandId: uuid('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    replacedAt: timestamptz('replaced_at').notNull(),
  },
  (table) => [index('brand_previous_slugs_brand_idx').on(table.brandId)],
);

/** An intellectual property a brand holds the rights to (a show, a league season, an artist's catalogue). */
export const licenses = pgTable(
  'licenses',
  {
    id: uuid('id').primaryKey(),
    brandId: uuid('brand_id')
      .notNull()
      .references(() => brands.id),
    name: text('name').notNull(),
    description: text('description'),
    imageUrl: text('image_url'),
    licensor: text('licensor'),
    ...publication,
  },
  (table) => [
    uniqueIndex('licenses_brand_name_lower_key').on(table.brandId, sql`lower(${table.name})`),
    index('licenses_status_brand_name_idx').on(table.status, table.brandId, table.name),
    check('licenses_status_check', isOneOf(table.status, publicationStatuses)),
  ],
);
export type TLicenseRow = typeof licenses.$inferSelect;

export const collections = pgTable(
  'collections',
  {
    id: uuid('id').primaryKey(),
    brandId: uuid('brand_id')
      .notNull()
      .references(() => brands.id),
    licenseId: uuid('license_id').references(() => licenses.id),
    name: text('name').notNull(),
    description: text('description'),
    imageUrl: text('image_url'),
    sortOrder: integer('sort_order').notNull().default(0),
    ...publication,
  },
  (table) => [
    uniqueIndex('collections_brand_name_lower_key').on(table.brandId, sql`lower(${table.name})`),
    index('collections_status_brand_sort_idx').on(table.status, table.brandId, table.sortOrder),
    index('collections_license_idx').on(table.licenseId),
    check('collections_status_check', isOneOf(table.status, publicationStatuses)),
  ],
);
export type TCollectionRow = typeof collections.$inferSelect;

export const categories = pgTable(
  'categories',
  {
    id: uuid('id').primaryKey(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: timestamptz('created_at').notNull(),
    updatedAt: timestamptz('updated_at').notNull(),
  },
  (table) => [
    uniqueIndex('categories_slug_key').on(table.slug),
    uniqueIndex('categories_name_lower_key').on(sql`lower(${table.name})`),
    index('categories_sort_idx').on(table.sortOrder, table.name),
  ],
);
export type TCategoryRow = typeof categories.$inferSelect;

export const tags = pgTable(
  'tags',
  {
    id: uuid('id').primaryKey(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    createdAt: timestamptz('created_at').notNull(),
    updatedAt: timestamptz('updated_at').notNull(),
  },
  (table) => [
    uniqueIndex('tags_slug_key').on(table.slug),
    uniqueIndex('tags_name_lower_key').on(sql`lower(${table.name})`),
    index('tags_name_idx').on(table.name),
  ],
);
export type TTagRow = typeof tags.$inferSelect;

export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey(),
    brandId: uuid('brand_id')
      .notNull()
      .references(() => brands.id),
    collectionId: uuid('collection_id').references(() => collections.id),
    licenseId: uuid('license_id').references(() => licenses.id),
    categoryId: uuid('category_id').references(() => categories.id),
    name: text('name').notNull(),
    description: text('description'),
    rarity: text('rarity').$type<TRarity>().notNull(),
    /**
     * COMMON = 1 ... LEGENDARY = 4, kept by the database itself so `sort=rarity` follows rarity, not the alphabet,
     * and an index can serve it.
     */
    rarityRank: smallint('rarity_rank')
      .notNull()
      .generatedAlwaysAs(
        sql`case rarity when 'COMMON' then 1 when 'RARE' then 2 when 'EPIC' then 3 when 'LEGENDARY' then 4 end`,
      ),
    imageUrl: text('image_url').notNull(),
    imageThumbnailUrl: text('image_thumbnail_url').notNull(),
    /** A video of the artwork (`/uploads/<name>.mp4` or `.webm`), or null. */
    animationUrl: text('animation_url'),
    properties: jsonb('properties').$type<TProductProperty[]>().notNull().default([]),
    editionSize: integer('edition_size'),
    ...publication,
  },
  (table) => [
    uniqueIndex('products_brand_name_lower_key').on(table.brandId, sql`lower(${table.name})`),
    index('products_status_created_idx').on(table.status, table.createdAt),
    index('products_brand_status_created_idx').on(table.brandId, table.status, table.createdAt),
    index('products_status_rarity_created_idx').on(table.status, table.rarityRank, table.createdAt),
    index('products_status_name_idx').on(table.status, table.name),
    index('products_collection_idx').on(table.collectionId),
    index('products_license_idx').on(table.licenseId),
    index('products_category_idx').on(table.categoryId),
    check('products_rarity_check', isOneOf(table.rarity, rarities)),
    check('products_status_check', isOneOf(table.status, publicationStatuses)),
    check('products_edition_size_check', sql`${table.editionSize} is null or ${table.editionSize} > 0`),
  ],
);
export type TProductRow = typeof products.$inferSelect;

export const productTags = pgTable(
  'product_tags',
  {
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    tagId: uuid('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ name: 'product_tags_pkey', columns: [table.productId, table.tagId] }),
    // Filtering products by tag goes from the tag to its products.
    index('product_tags_tag_product_idx').on(table.tagId, table.productId),
  ],
);

/**
 * The activity kinds the database accepts: the contract's activityKinds, written here after every migration
 * (syncActivityKinds), so a feature adds a kind in the contract alone and no migration edits a constraint.
 */
export const activityKinds = pgTable('activity_kinds', { kind: text('kind').primaryKey() });

/**
 * What happened to a product's editions, newest first on the product page; an edition's rows, oldest first, are its
 * history (GET /v1/editions/{id}/histories). written in the same transaction as the
 * event (a purchase, a pack opening). A purchase's rows stay hidden until the pack is opened or its drop completes,
 * so the feed never gives away what an unopened pack holds.
 */
export const productActivities = pgTable(
  'product_activities',
  {
    id: uuid('id').primaryKey(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    kind: text('kind')
      .$type<TActivityKind>()
      .notNull()
      .references(() => activityKinds.kind),
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    editionNumber: integer('edition_number'),
    /** The edition it is about, when there is one (every kind but a product's own). */
    editionId: uuid('edition_id').references(() => editions.id, { onDelete: 'restrict' }),
    /** The other side, when there is one: the wallet address an edition was exported to. */
    counterpartAddress: text('counterpart_address'),
    createdAt: timestamptz('created_at').notNull(),
  },
  (table) => [
    index('product_activities_product_created_idx').on(table.productId, table.createdAt, table.id),
    index('product_activities_edition_created_idx')
      .on(table.editionId, table.createdAt, table.id)
      .where(sql`${table.editionId} is not null`),
  ],
);

export const banners = pgTable(
  'banners',
  {
    id: uuid('id').primaryKey(),
    title: text('title').notNull(),
    subtitle: text('subtitle'),
    imageUrl: text('image_url').notNull(),
    linkUrl: text('link_url'),
    placement: text('placement').$type<TBannerPlacement>().notNull().default('HOME'),
    sortOrder: integer('sort_order').notNull().default(0),
    startsAt: timestamptz('starts_at'),
    endsAt: timestamptz('ends_at'),
    ...publication,
  },
  (table) => [
    index('banners_placement_status_sort_idx').on(table.placement, table.status, table.sortOrder),
    check('banners_placement_check', isOneOf(table.placement, bannerPlacements)),
    check('banners_status_check', isOneOf(table.status, publicationStatuses)),
    check(
      'banners_window_check',
      sql`${table.startsAt} is null or ${table.endsAt} is null or ${table.endsAt} > ${table.startsAt}`,
    ),
  ],
);
export type TBannerRow = typeof banners.$inferSelect;

/**
 * A GENERATIVE product's artwork, one per edition (decision record 58): the edition with serial number n is minted
 * GENERATIVE with the n-th artwork as its resource (collection's createPackEditions). Set as a whole, and only while
 * none of the product's editions is minted or set aside (set-product-artworks.ts).
 */
export const productArtworks = pgTable(
  'product_artworks',
  {
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    serialNumber: integer('serial_number').notNull(),
    /** An image uploaded through POST /v1/console/media (`/uploads/<name>.png`, `.jpg` or `.gif`). */
    resourceUri: text('resource_uri').notNull(),
  },
  (table) => [
    primaryKey({ name: 'product_artworks_pkey', columns: [table.productId, table.serialNumber] }),
    check('product_artworks_serial_number_check', sql`${table.serialNumber} > 0`),
  ],
);
export type TProductArtworkRow = typeof productArtworks.$inferSelect;
