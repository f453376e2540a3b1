import { z } from 'zod';
import { bannerPlacements, brandTypes, publicationStatuses, rarities } from './catalog-vocabulary.ts';
import { activityKinds } from './edition-moves.ts';
import { ZPageQuery, ZUuid } from './envelope.ts';
import { hasNoInvisibleCharacters, invisibleCharactersMessage } from './invisible-characters.ts';
import { formatNumber } from './money-format.ts';

/**
 * The catalogue (spec sections 2, 3 and 7): brands, licenses, collections, products with rarities and activities,
 * categories, tags and banners. Read shapes serve the public pages and the console alike; console lists also show
 * drafts, which the public never sees.
 */

export const catalogMessages = {
  slugFormat: 'Use 2 to 60 lowercase letters, digits and single dashes, for example neon-arcade.',
  slugLikeId: 'A slug cannot have the shape of an id: add a word, for example neon-arcade.',
  nameLength: 'Use 1 to 120 characters.',
  nameInvisible: 'Names cannot hold invisible characters (a zero-width space, a direction mark): type it again.',
  /** The limit is said, in the words zod's own bound gets (field-messages.ts): a person cannot guess 5,000. */
  textTooLong: (max: number) => `Use at most ${formatNumber(max)} characters.`,
  imageUrl: 'Upload an image.',
  animationUrl: 'Upload an MP4 or WebM video.',
  /** An address of the right shape that names no stored file (mistyped, made up, or from another site). */
  imageNotUploaded: 'This image was not uploaded here. Upload it again.',
  videoNotUploaded: 'This video was not uploaded here. Upload it again.',
  linkUrl: 'Give a path on this site (starting with /) or an address that starts with https://.',
  websiteUrl: 'Give an address that starts with https://.',
  bannerWindow: 'The end must come after the start.',
  editionSize: 'Use a whole number from 1 to 1,000,000.',
  properties: 'Give at most 20 properties, each with a trait type and a value.',
  propertyTraitType: 'Give this property a trait type (at most 40 characters), or remove it.',
  propertyValue: 'Give this property a value (at most 80 characters), or remove it.',
  propertyRepeated: 'This trait type is listed already: give each one once.',
  tagIds: 'Give at most 20 different tags.',
  emptyUpdate: 'Change at least one field.',
} as const;

// ---------------------------------------------------------------------------------------------- shared vocabularies

export const ZRarity = z.enum(rarities);
export const ZBrandType = z.enum(brandTypes);
export const ZPublicationStatus = z.enum(publicationStatuses);
export const ZActivityKind = z.enum(activityKinds);
export const ZBannerPlacement = z.enum(bannerPlacements);

// ----------------------------------------------------------------------------------------------------- read shapes

export const ZBrandSummary = z.object({
  id: ZUuid,
  slug: z.string(),
  name: z.string(),
  type: ZBrandType,
  logoUrl: z.string().nullable(),
});
export type TBrandSummary = z.infer<typeof ZBrandSummary>;

export const ZBrand = ZBrandSummary.extend({
  tagline: z.string().nullable(),
  description: z.string().nullable(),
  bannerUrl: z.string().nullable(),
  websiteUrl: z.string().nullable(),
  isFeatured: z.boolean(),
  status: ZPublicationStatus,
  publishedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TBrand = z.infer<typeof ZBrand>;

export const ZLicenseSummary = z.object({ id: ZUuid, name: z.string(), imageUrl: z.string().nullable() });
export type TLicenseSummary = z.infer<typeof ZLicenseSummary>;

export const ZLicense = ZLicenseSummary.extend({
  brand: ZBrandSummary,
  description: z.string().nullable(),
  licensor: z.string().nullable(),
  status: ZPublicationStatus,
  publishedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TLicense = z.infer<typeof ZLicense>;

export const ZCollectionSummary = z.object({ id: ZUuid, name: z.string(), imageUrl: z.string().nullable() });
export type TCollectionSummary = z.infer<typeof ZCollectionSummary>;

export const ZCollection = ZCollectionSummary.extend({
  brand: ZBrandSummary,
  license: ZLicenseSummary.nullable(),
  description: z.string().nullable(),
  sortOrder: z.number().int(),
  status: ZPublicationStatus,
  publishedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TCollection = z.infer<typeof ZCollection>;

/** Collections grouped under their brand (GET /v1/collections/brands). */
export const ZBrandCollections = z.object({ brand: ZBrandSummary, collections: z.array(ZCollection) });
export type TBrandCollections = z.infer<typeof ZBrandCollections>;

/** A category as a product names it; the taxonomy's own answers add the version its console form edits. */
export const ZCategorySummary = z.object({
  id: ZUuid,
  slug: z.string(),
  name: z.string(),
  sortOrder: z.number().int(),
});
export type TCategorySummary = z.infer<typeof ZCategorySummary>;
export const ZCategory = ZCategorySummary.extend({ updatedAt: z.string() });
export type TCategory = z.infer<typeof ZCategory>;

/** A tag as a product names it; the taxonomy's own answers add the version its console form edits. */
export const ZTagSummary = z.object({ id: ZUuid, slug: z.string(), name: z.string() });
export type TTagSummary = z.infer<typeof ZTagSummary>;
export const ZTag = ZTagSummary.extend({ updatedAt: z.string() });
export type TTag = z.infer<typeof ZTag>;

/** One trait of a product, shown as "Background: Neon". */
export const ZProductProperty = z.strictObject({
  traitType: z
    .string({ error: catalogMessages.propertyTraitType })
    .trim()
    .min(1, { error: catalogMessages.propertyTraitType })
    .max(40, { error: catalogMessages.propertyTraitType })
    .refine(hasNoInvisibleCharacters, { error: invisibleCharactersMessage }),
  value: z
    .string({ error: catalogMessages.propertyValue })
    .trim()
    .min(1, { error: catalogMessages.propertyValue })
    .max(80, { error: catalogMessages.propertyValue })
    .refine(hasNoInvisibleCharacters, { error: invisibleCharactersMessage }),
});
export type TProductProperty = z.infer<typeof ZProductProperty>;

/**
 * A property as a product answers it: any text kept, so a trait saved before a rule (the invisible characters) still
 * reads, rather than failing the product's answer.
 */
const ZProductPropertyView = z.object({ traitType: z.string(), value: z.string() });

/** A product in a list: enough for a card. */
export const ZProductListItem = z.object({
  id: ZUuid,
  name: z.string(),
  rarity: ZRarity,
  imageUrl: z.string(),
  imageThumbnailUrl: z.string(),
  editionSize: z.number().int().nullable(),
  brand: ZBrandSummary,
  collection: ZCollectionSummary.nullable(),
  status: ZPublicationStatus,
  publishedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TProductListItem = z.infer<typeof ZProductListItem>;

/**
 * `GET /v1/console/products`: a product as the console lists it, with the editions a new drop may still hold of it
 * (its edition size less the serial numbers editions and published drops have taken; null for an open edition).
 */
export const ZConsoleProductListItem = ZProductListItem.extend({
  editionsLeft: z.number().int().nonnegative().nullable(),
});
export type TConsoleProductListItem = z.infer<typeof ZConsoleProductListItem>;

/** A product page: the card plus everything about it. */
export const ZProduct = ZProductListItem.extend({
  /** A video of the artwork (MP4 or WebM), shown in place of the image where it plays; ERC-721's animation_url. */
  animationUrl: z.string().nullable(),
  description: z.string().nullable(),
  license: ZLicenseSummary.nullable(),
  category: ZCategorySummary.nullable(),
  tags: z.array(ZTagSummary),
  properties: z.array(ZProductPropertyView),
});
export type TProduct = z.infer<typeof ZProduct>;

export const ZRarityCount = z.object({ rarity: ZRarity, rank: z.number().int(), count: z.number().int() });
export type TRarityCount = z.infer<typeof ZRarityCount>;

export const ZProductActivity = z.object({
  id: ZUuid,
  productId: ZUuid,
  kind: ZActivityKind,
  /** Who did it, by public nickname; null for the platform (mints, airdrops) or a deleted account. */
  actor: z.object({ id: ZUuid, nickname: z.string().nullable() }).nullable(),
  editionNumber: z.number().int().nullable(),
  /**
   * The edition's NFT page (`/nfts/{id}`), when it has one to show: null for an activity about no edition, and for an
   * edition back in a sealed pack, whose page is not found until the pack is opened (a revealed drop's activity names
   * it before then).
   */
  editionId: ZUuid.nullable(),
  createdAt: z.string(),
});
export type TProductActivity = z.infer<typeof ZProductActivity>;

export const ZBanner = z.object({
  id: ZUuid,
  title: z.string(),
  subtitle: z.string().nullable(),
  imageUrl: z.string(),
  linkUrl: z.string().nullable(),
  placement: ZBannerPlacement,
  sortOrder: z.number().int(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  status: ZPublicationStatus,
  publishedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TBanner = z.infer<typeof ZBanner>;

// --------------------------------------------------------------------------------------------------- list queries

export const SEARCH_TEXT_MAX_LENGTH = 100;

/** Text search: trimmed, at most 100 characters; an empty `q=` means no search. */
const ZSearchText = z
  .string()
  .trim()
  .max(SEARCH_TEXT_MAX_LENGTH)
  .transform((value) => (value === '' ? undefined : value))
  .optional();

/** `?isFeatured=true|false`: query strings carry text, so booleans are spelled out. */
export const ZQueryBoolean = z.enum(['true', 'false']).transform((value) => value === 'true');

/** Brand types in a query are accepted in any case, so `/brands/artist/...` can pass its segment through. */
const ZBrandTypeQuery = z.preprocess((value) => (typeof value === 'string' ? value.toUpperCase() : value), ZBrandType);

export const brandSorts = ['name', '-name', 'createdAt', '-createdAt'] as const;
export const ZBrandListQuery = ZPageQuery.extend({
  type: ZBrandTypeQuery.optional(),
  isFeatured: ZQueryBoolean.optional(),
  q: ZSearchText,
  sort: z.enum(brandSorts).default('name'),
});
export type TBrandListQuery = z.infer<typeof ZBrandListQuery>;

export const licenseSorts = ['name', '-name', 'createdAt', '-createdAt'] as const;
export const ZLicenseListQuery = ZPageQuery.extend({
  brandId: ZUuid.optional(),
  q: ZSearchText,
  sort: z.enum(licenseSorts).default('name'),
});
export type TLicenseListQuery = z.infer<typeof ZLicenseListQuery>;

export const collectionSorts = ['sortOrder', 'name', '-name', 'createdAt', '-createdAt'] as const;
export const ZCollectionListQuery = ZPageQuery.extend({
  brandId: ZUuid.optional(),
  licenseId: ZUuid.optional(),
  q: ZSearchText,
  sort: z.enum(collectionSorts).default('sortOrder'),
});
export type TCollectionListQuery = z.infer<typeof ZCollectionListQuery>;

/** Pages over brands; each brand comes with all its collections. */
export const ZBrandCollectionsQuery = ZPageQuery.extend({ type: ZBrandTypeQuery.optional() });
export type TBrandCollectionsQuery = z.infer<typeof ZBrandCollectionsQuery>;

export const productSorts = ['-createdAt', 'createdAt', 'name', '-name', 'rarity', '-rarity'] as const;
export const ZProductListQuery = ZPageQuery.extend({
  brandId: ZUuid.optional(),
  collectionId: ZUuid.optional(),
  licenseId: ZUuid.optional(),
  categoryId: ZUuid.optional(),
  tagId: ZUuid.optional(),
  rarity: ZRarity.optional(),
  q: ZSearchText,
  sort: z.enum(productSorts).default('-createdAt'),
});
export type TProductListQuery = z.infer<typeof ZProductListQuery>;

export const ZRarityCountQuery = z.object({ brandId: ZUuid.optional(), collectionId: ZUuid.optional() });
export type TRarityCountQuery = z.infer<typeof ZRarityCountQuery>;

export const ZCategoryListQuery = ZPageQuery.extend({ size: ZPageQuery.shape.size.default(100), q: ZSearchText });
export type TCategoryListQuery = z.infer<typeof ZCategoryListQuery>;

export const ZTagListQuery = ZPageQuery.extend({ size: ZPageQuery.shape.size.default(100), q: ZSearchText });
export type TTagListQuery = z.infer<typeof ZTagListQuery>;

export const ZBannerListQuery = ZPageQuery.extend({ placement: ZBannerPlacement.default('HOME') });
export type TBannerListQuery = z.infer<typeof ZBannerListQuery>;
