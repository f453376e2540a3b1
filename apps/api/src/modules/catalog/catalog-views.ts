import type {
  TBanner,
  TBrand,
  TBrandSummary,
  TCategory,
  TCategorySummary,
  TCollection,
  TCollectionSummary,
  TLicense,
  TLicenseSummary,
  TProduct,
  TProductListItem,
  TTag,
  TTagSummary,
} from '@cypher/contract';
import {
  brands,
  collections,
  licenses,
  type TBannerRow,
  type TBrandRow,
  type TCategoryRow,
  type TCollectionRow,
  type TLicenseRow,
  type TProductRow,
  type TTagRow,
} from './catalog.tables.ts';

/** Rows as the API shows them: camelCase, ISO times, summaries of what an entry points to. */

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** The columns a brand summary needs, for joins. */
export const brandSummaryColumns = {
  id: brands.id,
  slug: brands.slug,
  name: brands.name,
  type: brands.type,
  logoUrl: brands.logoUrl,
};
export const licenseSummaryColumns = { id: licenses.id, name: licenses.name, imageUrl: licenses.imageUrl };
export const collectionSummaryColumns = { id: collections.id, name: collections.name, imageUrl: collections.imageUrl };

export function toBrandSummary(row: TBrandSummary): TBrandSummary {
  return { id: row.id, slug: row.slug, name: row.name, type: row.type, logoUrl: row.logoUrl };
}

export function toBrand(row: TBrandRow): TBrand {
  return {
    ...toBrandSummary(row),
    tagline: row.tagline,
    description: row.description,
    bannerUrl: row.bannerUrl,
    websiteUrl: row.websiteUrl,
    isFeatured: row.isFeatured,
    status: row.status,
    publishedAt: iso(row.publishedAt),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toLicense(row: TLicenseRow, brand: TBrandSummary): TLicense {
  return {
    id: row.id,
    name: row.name,
    imageUrl: row.imageUrl,
    brand: toBrandSummary(brand),
    description: row.description,
    licensor: row.licensor,
    status: row.status,
    publishedAt: iso(row.publishedAt),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toCollection(row: TCollectionRow, brand: TBrandSummary, license: TLicenseSummary | null): TCollection {
  return {
    id: row.id,
    name: row.name,
    imageUrl: row.imageUrl,
    brand: toBrandSummary(brand),
    license,
    description: row.description,
    sortOrder: row.sortOrder,
    status: row.status,
    publishedAt: iso(row.publishedAt),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toProductListItem(
  row: TProductRow,
  brand: TBrandSummary,
  collection: TCollectionSummary | null,
): TProductListItem {
  return {
    id: row.id,
    name: row.name,
    rarity: row.rarity,
    imageUrl: row.imageUrl,
    imageThumbnailUrl: row.imageThumbnailUrl,
    editionSize: row.editionSize,
    brand: toBrandSummary(brand),
    collection,
    status: row.status,
    publishedAt: iso(row.publishedAt),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toProduct(
  row: TProductRow,
  related: {
    brand: TBrandSummary;
    collection: TCollectionSummary | null;
    license: TLicenseSummary | null;
    category: TCategoryRow | null;
    tags: TTagRow[];
  },
): TProduct {
  return {
    ...toProductListItem(row, related.brand, related.collection),
    animationUrl: row.animationUrl,
    description: row.description,
    license: related.license,
    category: related.category ? toCategorySummary(related.category) : null,
    tags: related.tags.map(toTagSummary),
    properties: row.properties,
  };
}

function toCategorySummary(row: TCategoryRow): TCategorySummary {
  return { id: row.id, slug: row.slug, name: row.name, sortOrder: row.sortOrder };
}

export function toCategory(row: TCategoryRow): TCategory {
  return { ...toCategorySummary(row), updatedAt: row.updatedAt.toISOString() };
}

function toTagSummary(row: TTagRow): TTagSummary {
  return { id: row.id, slug: row.slug, name: row.name };
}

export function toTag(row: TTagRow): TTag {
  return { ...toTagSummary(row), updatedAt: row.updatedAt.toISOString() };
}

export function toBanner(row: TBannerRow): TBanner {
  return {
    id: row.id,
    title: row.title,
    subtitle: row.subtitle,
    imageUrl: row.imageUrl,
    linkUrl: row.linkUrl,
    placement: row.placement,
    sortOrder: row.sortOrder,
    startsAt: iso(row.startsAt),
    endsAt: iso(row.endsAt),
    status: row.status,
    publishedAt: iso(row.publishedAt),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
