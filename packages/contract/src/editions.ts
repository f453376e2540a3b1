import { z } from 'zod';
import { ZActivityKind, ZBrandSummary, ZRarity } from './catalog.ts';
import { ZPageQuery, ZUuid } from './envelope.ts';
import { evmAddressRefinement } from './bank-details.ts';
import { editionStates } from './edition-moves.ts';
import { ZEditionType } from './orders.ts';

/**
 * Editions as tokens (spec sections 3 and 7; issue 17): an edition with its token, traits and history. The state
 * machine and the activity vocabulary are in edition-moves.ts (zod-free, the web's first paint may read them).
 */

export const ZEditionState = z.enum(editionStates);

/** A token id is a uint256 on a real chain: sent as a decimal string, never a JSON number. */
export const ZTokenId = z.string().regex(/^\d+$/);

export const ZEdition = z.object({
  id: ZUuid,
  serialNumber: z.number().int(),
  /** The product's edition size ("#12 / 500"), or null when the product is open-ended. */
  editionSize: z.number().int().nullable(),
  state: ZEditionState,
  /** Held against fusion, export and sale: equipped, locked by its owner, or listed. */
  isLocked: z.boolean(),
  /** GENERATIVE: minted with an artwork of its own (`resourceUri`), one per serial number (decision record 58). */
  type: ZEditionType,
  resourceUri: z.string().nullable(),
  /**
   * The picture that shows this edition in a list or a card (spec section 9, editionImageUrl): its own artwork when it
   * is GENERATIVE with a png, jpg or gif, else the product's thumbnail. Every client shows this one.
   */
  imageUrl: z.string(),
  product: z.object({
    id: ZUuid,
    name: z.string(),
    rarity: ZRarity,
    imageUrl: z.string(),
    imageThumbnailUrl: z.string(),
    /** The product's video, when it has one (ZProduct's animationUrl). */
    animationUrl: z.string().nullable(),
  }),
  brand: ZBrandSummary,
  collection: z.object({ id: ZUuid, name: z.string() }).nullable(),
  contractAddress: z.string(),
  tokenId: ZTokenId,
  /** Its owner by public nickname; null once it has left the collection (exported, burned). */
  owner: z.object({ id: ZUuid, nickname: z.string().nullable() }).nullable(),
  createdAt: z.string(),
});
export type TEdition = z.infer<typeof ZEdition>;

/** GET /v1/editions/{id}: an edition, with what its NFT page needs beyond ZEdition. */
export const ZEditionDetail = ZEdition.extend({
  /**
   * For its owner only, the figure base it stands on while EQUIPPED, so they can take it off from the NFT page even
   * once the base's collection or brand is no longer public (the base's own page is then not found, but POST
   * /v1/figure-base-collections/{id}/unequip still takes it off). Null otherwise, and for anyone else and visitors.
   */
  figureBaseId: ZUuid.nullable(),
  /**
   * Its collection's page (`/collections/{id}`, with the collection's figure bases) is public: the collection and its
   * brand are published. False when it has no collection.
   */
  isCollectionPublic: z.boolean(),
  /**
   * Its product's page (`/products/{id}`) is public: the product, its collection (if any) and its brand are published.
   * The NFT page names the product without a link otherwise, and shows no activity of it (its feed is not found).
   */
  isProductPublic: z.boolean(),
  /** Its brand's page is public: the brand is published. The NFT page names the brand without a link otherwise. */
  isBrandPublic: z.boolean(),
});
export type TEditionDetail = z.infer<typeof ZEditionDetail>;

/** One line of an edition's history, oldest first: what happened, who did it, and the other side when there is one. */
export const ZEditionHistoryEntry = z.object({
  /** Null for the minting, which is the edition's own record rather than an activity row. */
  id: ZUuid.nullable(),
  kind: ZActivityKind,
  actor: z.object({ id: ZUuid, nickname: z.string().nullable() }).nullable(),
  /** The wallet address an export went to. */
  counterpartAddress: z.string().nullable(),
  createdAt: z.string(),
});
export type TEditionHistoryEntry = z.infer<typeof ZEditionHistoryEntry>;

/** An NFT's traits (GET /v1/nfts/{id}/traits): the product's properties, then its rarity and serial number. */
export const ZNftTrait = z.object({ traitType: z.string(), value: z.string() });
export type TNftTrait = z.infer<typeof ZNftTrait>;

/**
 * ERC-721 metadata (GET /v1/nfts/{id}/metadata.json): the shape wallets and marketplaces read from a token's URI,
 * in their snake_case (`trait_type`), so a chain adapter can point a contract's tokenURI here.
 */
export const ZNftMetadata = z.object({
  name: z.string(),
  description: z.string(),
  image: z.string(),
  /** The product's video, when it has one: wallets and marketplaces play it in place of the image. */
  animation_url: z.string().optional(),
  external_url: z.string(),
  attributes: z.array(z.object({ trait_type: z.string(), value: z.union([z.string(), z.number()]) })),
});
export type TNftMetadata = z.infer<typeof ZNftMetadata>;

export const editionMessages = {
  exportAddress: 'Enter the wallet address to export to: 0x followed by 40 hexadecimal characters.',
  contractAddress:
    "This is a collectible contract's address, not a wallet: whatever is sent there is lost. Enter your own wallet address.",
} as const;

/** POST /v1/editions/{id}/export: the collector's own wallet, on the chain the contract lives on. */
export const ZExportEditionRequest = z.strictObject({
  address: z.string().trim().superRefine(evmAddressRefinement(editionMessages.exportAddress)),
});
export type TExportEditionRequest = z.infer<typeof ZExportEditionRequest>;

/** What a collector may favorite: a product (any of its editions), or one edition. */
export const favoriteTargetTypes = ['PRODUCT', 'EDITION'] as const;
export type TFavoriteTargetType = (typeof favoriteTargetTypes)[number];

/** POST /v1/favorites. */
export const ZFavoriteRequest = z.strictObject({
  targetType: z.enum(favoriteTargetTypes),
  targetId: ZUuid,
});
export type TFavoriteRequest = z.infer<typeof ZFavoriteRequest>;

/**
 * GET /v1/favorites/my: my favorites a page at a time; with `targetId`, only that one (none or one item), which is how
 * a product or NFT page knows whether its heart is filled without reading every page of them.
 */
export const ZMyFavoritesQuery = ZPageQuery.extend({ targetId: ZUuid.optional() });
export type TMyFavoritesQuery = z.infer<typeof ZMyFavoritesQuery>;

/** A favorite as the collector's and the public lists show it: the product always, the edition when it is one. */
export const ZFavorite = z.object({
  targetType: z.enum(favoriteTargetTypes),
  targetId: ZUuid,
  product: z.object({
    id: ZUuid,
    name: z.string(),
    rarity: ZRarity,
    imageThumbnailUrl: z.string(),
    brand: ZBrandSummary,
    /** Editions the product is limited to (an edition's number reads "#12 / 500"); null when open. */
    editionSize: z.number().int().nullable(),
  }),
  /** An edition favorite's token, with its state: one fused away (BURNED) or exported stays a favorite, and says so. */
  edition: z
    .object({
      id: ZUuid,
      serialNumber: z.number().int(),
      tokenId: ZTokenId,
      state: ZEditionState,
      /** Its picture (spec section 9, editionImageUrl), as ZEdition's `imageUrl`. */
      imageUrl: z.string(),
    })
    .nullable(),
  createdAt: z.string(),
});
export type TFavorite = z.infer<typeof ZFavorite>;

/** How My Collection sorts within each brand: newest in the collection first, rarest first, or by serial number. */
export const myCollectionSorts = ['newest', 'rarity', 'serial'] as const;
export type TMyCollectionSort = (typeof myCollectionSorts)[number];

/** GET /v1/editions: my collection, a page at a time, grouped by brand, with optional filters. */
export const ZMyCollectionQuery = ZPageQuery.extend({
  brandId: ZUuid.optional(),
  collectionId: ZUuid.optional(),
  rarity: ZRarity.optional(),
  sort: z.enum(myCollectionSorts).default('newest'),
});
export type TMyCollectionQuery = z.infer<typeof ZMyCollectionQuery>;

export const ZMyCollection = z.object({
  items: z.array(ZEdition),
  page: z.number().int(),
  size: z.number().int(),
  total: z.number().int(),
  /** Every brand of the collection with how many of its editions it holds, whatever the filters: the brand chips. */
  brands: z.array(z.object({ brand: ZBrandSummary, count: z.number().int() })),
});
export type TMyCollection = z.infer<typeof ZMyCollection>;
