import { z } from 'zod';
import { ZUuid } from './envelope.ts';
import { catalogMessages } from './catalog.ts';
import { ZImageUrl } from './catalog-requests.ts';
import { formatNumber } from './money-format.ts';

/**
 * A GENERATIVE product's artwork (spec sections 3 and 9, decision record 58): one uploaded image per edition, in
 * serial order, so the edition numbered n is minted GENERATIVE with the n-th image as its resource. Only PNG, JPEG and
 * GIF: spec section 9 shows an edition's own resource only when it ends in png, jpg or gif (editionImageUrl), so a
 * WebP artwork would never be seen.
 */

/** One artwork per edition, and a person uploads them: a limit that keeps one save a few tens of kilobytes. */
export const PRODUCT_ARTWORKS_MAX = 1000;

export const productArtworkMessages = {
  format: 'Upload a PNG, JPEG or GIF image.',
  tooMany: `Give at most ${formatNumber(PRODUCT_ARTWORKS_MAX)} artworks, one per edition.`,
  openEdition: 'An open edition cannot be generative: give the product an edition size first.',
  count: (editionSize: number, count: number) =>
    `Give one artwork per edition: ${formatNumber(editionSize)}, not ${formatNumber(count)}.`,
  notUploaded: catalogMessages.imageNotUploaded,
  /** Under `editionSize`: raised past the artworks, or made open, the later editions would have none. */
  sizePastArtworks: (artworks: number) =>
    `It has ${formatNumber(artworks)} generative artworks, one per edition: the size can be ${formatNumber(artworks)} or less until the artwork changes.`,
  fixed: (editions: number) =>
    `${formatNumber(editions)} ${editions === 1 ? 'edition is' : 'editions are'} minted or set aside with this artwork: it can no longer change.`,
} as const;

export const ZProductArtworkUri = ZImageUrl.regex(/\.(png|jpg|gif)$/, { error: productArtworkMessages.format });

/** Replaces the whole list; an empty list makes the product STANDARD again. */
export const ZSetProductArtworksRequest = z.strictObject({
  resourceUris: z.array(ZProductArtworkUri).max(PRODUCT_ARTWORKS_MAX, { error: productArtworkMessages.tooMany }),
});
export type TSetProductArtworksRequest = z.infer<typeof ZSetProductArtworksRequest>;

export const ZProductArtwork = z.object({ serialNumber: z.number().int(), resourceUri: z.string() });
export type TProductArtwork = z.infer<typeof ZProductArtwork>;

export const ZProductArtworks = z.object({
  productId: ZUuid,
  editionSize: z.number().int().nullable(),
  /** Editions minted or set aside (a published drop's, a fusion's results, an edition pool): the list is fixed once > 0. */
  editionsMade: z.number().int(),
  canChange: z.boolean(),
  artworks: z.array(ZProductArtwork),
});
export type TProductArtworks = z.infer<typeof ZProductArtworks>;
