import { z } from 'zod';
import { catalogMessages as m, ZBannerPlacement, ZBrandType, ZProductProperty, ZRarity } from './catalog.ts';
import { ZUuid, ZWholeNumber } from './envelope.ts';
import { hasNoInvisibleCharacters } from './invisible-characters.ts';

/**
 * What the console sends to create and change catalogue entries. Create bodies carry the defaults; update bodies are
 * the same fields, all optional, without defaults (a PATCH must not reset what it does not mention), and at least
 * one of them. Optional texts accept '' as "clear this", because that is what an emptied form field sends.
 */

export const SLUG_MIN_LENGTH = 2;
export const SLUG_MAX_LENGTH = 60;

const ID_SHAPE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export const ZSlug = z
  .string({ error: m.slugFormat })
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { error: m.slugFormat })
  .min(SLUG_MIN_LENGTH, { error: m.slugFormat })
  .max(SLUG_MAX_LENGTH, { error: m.slugFormat })
  // A page's address takes an id or a slug (/v1/brands/{idOrSlug}): a slug shaped like an id would be shadowed by the
  // item with that id, or shadow it (session 79's hunt).
  .refine((slug) => !ID_SHAPE.test(slug), { error: m.slugLikeId });

/**
 * "Neon Arcade: Genesis!" -> "neon-arcade-genesis": the slug the console suggests from a name, cut to the slug's
 * length without a dangling dash. A name with fewer than two letters or digits suggests a slug ZSlug still refuses.
 */
export function suggestSlug(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SLUG_MAX_LENGTH)
    .replace(/-+$/, '');
}

export const ZName = z
  .string({ error: m.nameLength })
  .trim()
  .min(1, { error: m.nameLength })
  .max(120, { error: m.nameLength })
  .refine(hasNoInvisibleCharacters, { error: m.nameInvisible });

/** Optional text: trimmed, '' becomes null, at most `max` characters. */
export function ZOptionalText(max: number) {
  return z
    .string()
    .trim()
    .max(max, { error: m.textTooLong(max) })
    .transform((value) => (value === '' ? null : value))
    .nullable();
}

/**
 * Images are uploaded through POST /v1/console/media (`/uploads/...`), where their content is checked and re-encoded;
 * an address elsewhere would skip that check and is refused by the pages' Content-Security-Policy anyway.
 */
export const ZImageUrl = z
  .string({ error: m.imageUrl })
  .trim()
  .max(2048, { error: m.imageUrl })
  .regex(/^\/uploads\/[A-Za-z0-9._-]+$/, { error: m.imageUrl });

export const ZOptionalImageUrl = z.union([z.literal('').transform(() => null), ZImageUrl]).nullable();

/**
 * A product's animation: a video uploaded through POST /v1/console/media/animations (`/uploads/<name>.mp4` or
 * `.webm`), where its content was checked. None is ''.
 */
export const ZOptionalAnimationUrl = z
  .union([
    z.literal('').transform(() => null),
    z
      .string({ error: m.animationUrl })
      .trim()
      .max(2048, { error: m.animationUrl })
      .regex(/^\/uploads\/[A-Za-z0-9_-]+\.(mp4|webm)$/, { error: m.animationUrl }),
  ])
  .nullable();

const ZWebsiteUrl = z
  .union([
    z.literal('').transform(() => null),
    z
      .string()
      .trim()
      .max(2048, { error: m.websiteUrl })
      .regex(/^https:\/\/\S+$/, { error: m.websiteUrl }),
  ])
  .nullable();

/**
 * Banner links go to a page of this site or to an https address, never to `javascript:` or the like. A site path
 * holds no backslash: browsers read `/\example.org` as `//example.org`, another site behind a path's look.
 */
const ZLinkUrl = z
  .union([
    z.literal('').transform(() => null),
    z
      .string()
      .trim()
      .max(2048, { error: m.linkUrl })
      .regex(/^(\/(?![/\\])[^\s\\]*|https:\/\/\S+)$/, { error: m.linkUrl }),
  ])
  .nullable();

const ZSortOrder = ZWholeNumber(-100_000, 100_000);
const ZOptionalId = ZUuid.nullable();
/** The years a time an operator sets may fall in: PostgreSQL has no year 0000, which ISO 8601 writes. */
const EARLIEST_YEAR = 1970;
const LATEST_YEAR = 9999;
const isYearWithin = (year: number) => year >= EARLIEST_YEAR && year <= LATEST_YEAR;
/**
 * The year in UTC, as the database keeps the moment: `9999-12-31T23:00:00-05:00` is in the year 10000 there, which
 * PostgreSQL cannot write as an offset time (it answered 500), so the year as written is not enough.
 */
const isMomentWithinYears = (value: string) => isYearWithin(new Date(value).getUTCFullYear());
const isDayWithinYears = (value: string) => isYearWithin(Number(value.slice(0, 4)));
const YEARS_MESSAGE = `Pick a date between the years ${EARLIEST_YEAR} and ${LATEST_YEAR}.`;

/** A moment an operator sets (a sale's start, a code's expiry): ISO 8601 with its offset, within those years. */
export const ZConsoleTime = z.iso.datetime({ offset: true }).refine(isMomentWithinYears, YEARS_MESSAGE);
/** A calendar day an operator sets (`2026-11-30`), within the same years. */
export const ZConsoleDate = z.iso.date().refine(isDayWithinYears, YEARS_MESSAGE);

const ZDateTime = ZConsoleTime.nullable();

function nonEmpty(value: object) {
  return Object.keys(value).length > 0;
}

// -------------------------------------------------------------------------------------------------------- brands

/** The line under a brand's name on its cards and page. */
export const BRAND_TAGLINE_MAX_LENGTH = 160;

const brandFields = {
  slug: ZSlug,
  name: ZName,
  type: ZBrandType,
  tagline: ZOptionalText(BRAND_TAGLINE_MAX_LENGTH),
  description: ZOptionalText(5000),
  logoUrl: ZOptionalImageUrl,
  bannerUrl: ZOptionalImageUrl,
  websiteUrl: ZWebsiteUrl,
  isFeatured: z.boolean(),
};

export const ZCreateBrandRequest = z.strictObject({
  ...brandFields,
  tagline: brandFields.tagline.default(null),
  description: brandFields.description.default(null),
  logoUrl: brandFields.logoUrl.default(null),
  bannerUrl: brandFields.bannerUrl.default(null),
  websiteUrl: brandFields.websiteUrl.default(null),
  isFeatured: brandFields.isFeatured.default(false),
});
export type TCreateBrandRequest = z.infer<typeof ZCreateBrandRequest>;

export const ZUpdateBrandRequest = z.strictObject(brandFields).partial().refine(nonEmpty, { error: m.emptyUpdate });
export type TUpdateBrandRequest = z.infer<typeof ZUpdateBrandRequest>;

// ------------------------------------------------------------------------------------------------------ licenses

const licenseFields = {
  name: ZName,
  description: ZOptionalText(5000),
  imageUrl: ZOptionalImageUrl,
  licensor: ZOptionalText(120),
};

export const ZCreateLicenseRequest = z.strictObject({
  brandId: ZUuid,
  name: licenseFields.name,
  description: licenseFields.description.default(null),
  imageUrl: licenseFields.imageUrl.default(null),
  licensor: licenseFields.licensor.default(null),
});
export type TCreateLicenseRequest = z.infer<typeof ZCreateLicenseRequest>;

/** The brand is fixed once created: it is what a brand manager's access is checked against. */
export const ZUpdateLicenseRequest = z.strictObject(licenseFields).partial().refine(nonEmpty, { error: m.emptyUpdate });
export type TUpdateLicenseRequest = z.infer<typeof ZUpdateLicenseRequest>;

// --------------------------------------------------------------------------------------------------- collections

const collectionFields = {
  licenseId: ZOptionalId,
  name: ZName,
  description: ZOptionalText(5000),
  imageUrl: ZOptionalImageUrl,
  sortOrder: ZSortOrder,
};

export const ZCreateCollectionRequest = z.strictObject({
  brandId: ZUuid,
  name: collectionFields.name,
  licenseId: collectionFields.licenseId.default(null),
  description: collectionFields.description.default(null),
  imageUrl: collectionFields.imageUrl.default(null),
  sortOrder: collectionFields.sortOrder.default(0),
});
export type TCreateCollectionRequest = z.infer<typeof ZCreateCollectionRequest>;

export const ZUpdateCollectionRequest = z
  .strictObject(collectionFields)
  .partial()
  .refine(nonEmpty, { error: m.emptyUpdate });
export type TUpdateCollectionRequest = z.infer<typeof ZUpdateCollectionRequest>;

// ------------------------------------------------------------------------------------------------------ products

const productFields = {
  collectionId: ZOptionalId,
  licenseId: ZOptionalId,
  categoryId: ZOptionalId,
  name: ZName,
  description: ZOptionalText(5000),
  rarity: ZRarity,
  imageUrl: ZImageUrl,
  imageThumbnailUrl: ZOptionalImageUrl,
  animationUrl: ZOptionalAnimationUrl,
  // Each trait once (in any case): a token's attributes name a trait once, and the product page listed one twice.
  properties: z
    .array(ZProductProperty)
    .max(20, { error: m.properties })
    .superRefine((properties, context) => {
      const seen = new Set<string>();
      properties.forEach((property, index) => {
        const traitType = property.traitType.toLowerCase();
        if (seen.has(traitType))
          context.addIssue({ code: 'custom', path: [index, 'traitType'], message: m.propertyRepeated });
        seen.add(traitType);
      });
    }),
  editionSize: z
    .number({ error: m.editionSize })
    .int({ error: m.editionSize })
    .min(1, { error: m.editionSize })
    .max(1_000_000, { error: m.editionSize })
    .nullable(),
  tagIds: z
    .array(ZUuid)
    .max(20, { error: m.tagIds })
    .refine((ids) => new Set(ids).size === ids.length, { error: m.tagIds }),
};

/** Without a thumbnail the image serves as its own; without a license the collection's license applies. */
export const ZCreateProductRequest = z.strictObject({
  brandId: ZUuid,
  name: productFields.name,
  rarity: productFields.rarity,
  imageUrl: productFields.imageUrl,
  collectionId: productFields.collectionId.default(null),
  licenseId: productFields.licenseId.default(null),
  categoryId: productFields.categoryId.default(null),
  description: productFields.description.default(null),
  imageThumbnailUrl: productFields.imageThumbnailUrl.default(null),
  animationUrl: productFields.animationUrl.default(null),
  properties: productFields.properties.default([]),
  editionSize: productFields.editionSize.default(null),
  tagIds: productFields.tagIds.default([]),
});
export type TCreateProductRequest = z.infer<typeof ZCreateProductRequest>;

export const ZUpdateProductRequest = z.strictObject(productFields).partial().refine(nonEmpty, { error: m.emptyUpdate });
export type TUpdateProductRequest = z.infer<typeof ZUpdateProductRequest>;

// ------------------------------------------------------------------------------------------- categories and tags

const categoryFields = { slug: ZSlug, name: ZName, sortOrder: ZSortOrder };

export const ZCreateCategoryRequest = z.strictObject({ ...categoryFields, sortOrder: ZSortOrder.default(0) });
export type TCreateCategoryRequest = z.infer<typeof ZCreateCategoryRequest>;

export const ZUpdateCategoryRequest = z
  .strictObject(categoryFields)
  .partial()
  .refine(nonEmpty, { error: m.emptyUpdate });
export type TUpdateCategoryRequest = z.infer<typeof ZUpdateCategoryRequest>;

export const ZCreateTagRequest = z.strictObject({ slug: ZSlug, name: ZName });
export type TCreateTagRequest = z.infer<typeof ZCreateTagRequest>;

export const ZUpdateTagRequest = ZCreateTagRequest.partial().refine(nonEmpty, { error: m.emptyUpdate });
export type TUpdateTagRequest = z.infer<typeof ZUpdateTagRequest>;

// ------------------------------------------------------------------------------------------------------- banners

/** The line under a banner's title. */
export const BANNER_SUBTITLE_MAX_LENGTH = 200;

const bannerFields = {
  title: ZName,
  subtitle: ZOptionalText(BANNER_SUBTITLE_MAX_LENGTH),
  imageUrl: ZImageUrl,
  linkUrl: ZLinkUrl,
  placement: ZBannerPlacement,
  sortOrder: ZSortOrder,
  startsAt: ZDateTime,
  endsAt: ZDateTime,
};

/** A banner shows while it is published and now is within [startsAt, endsAt); either end may be open. */
export function isBannerWindowValid(window: { startsAt?: string | null; endsAt?: string | null }): boolean {
  if (!window.startsAt || !window.endsAt) return true;
  return new Date(window.endsAt).getTime() > new Date(window.startsAt).getTime();
}

export const ZCreateBannerRequest = z
  .strictObject({
    title: bannerFields.title,
    imageUrl: bannerFields.imageUrl,
    subtitle: bannerFields.subtitle.default(null),
    linkUrl: bannerFields.linkUrl.default(null),
    placement: bannerFields.placement.default('HOME'),
    sortOrder: bannerFields.sortOrder.default(0),
    startsAt: bannerFields.startsAt.default(null),
    endsAt: bannerFields.endsAt.default(null),
  })
  .refine(isBannerWindowValid, { error: m.bannerWindow, path: ['endsAt'] });
export type TCreateBannerRequest = z.infer<typeof ZCreateBannerRequest>;

export const ZUpdateBannerRequest = z
  .strictObject(bannerFields)
  .partial()
  .refine(nonEmpty, { error: m.emptyUpdate })
  .refine(isBannerWindowValid, { error: m.bannerWindow, path: ['endsAt'] });
export type TUpdateBannerRequest = z.infer<typeof ZUpdateBannerRequest>;
