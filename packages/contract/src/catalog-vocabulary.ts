/**
 * The catalogue's shared vocabularies (spec section 3) as plain values, without zod: the web app's first paint reads
 * them (rarity badges, brand paths) and must not load the schema library for that. catalog.ts builds the schemas
 * from these lists.
 */

/** Rarities from most to least common; this order is the sort order of `sort=rarity`. */
export const rarities = ['COMMON', 'RARE', 'EPIC', 'LEGENDARY'] as const;
export type TRarity = (typeof rarities)[number];

/** "LEGENDARY" -> "Legendary": how a rarity is written for people (badges, NFT traits, token metadata). */
export function rarityLabel(rarity: TRarity): string {
  return rarity.charAt(0) + rarity.slice(1).toLowerCase();
}

/** 1 for COMMON up to 4 for LEGENDARY: compare rarities with this, never with string order. */
export function rarityRank(rarity: TRarity): number {
  return rarities.indexOf(rarity) + 1;
}

/** Brand types; the web shows a brand at `/brands/{type}/{id}` with the type in lower case. */
export const brandTypes = ['ARTIST', 'ENTERTAINMENT', 'SPORTS', 'GAMING', 'FASHION'] as const;
export type TBrandType = (typeof brandTypes)[number];

/** DRAFT is visible in the console only; PUBLISHED is visible to everyone (when its brand is published too). */
export const publicationStatuses = ['DRAFT', 'PUBLISHED'] as const;
export type TPublicationStatus = (typeof publicationStatuses)[number];

export const bannerPlacements = ['HOME'] as const;
export type TBannerPlacement = (typeof bannerPlacements)[number];
