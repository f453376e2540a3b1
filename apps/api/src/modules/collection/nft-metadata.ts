import { editionArtworkUrl, formatNumber, rarityLabel, type TNftMetadata, type TNftTrait } from '@cypher/contract';
import type { TEditionView } from './edition-views.ts';

/*
 * Route: GET /v1/nfts/{id}/traits and GET /v1/nfts/{id}/metadata.json (collection.routes.ts) · Writes: nothing (pure) ·
 * Tests: editions.test.ts.
 */

/** An edition's traits: its product's properties, then its rarity and serial number ("1,000", as pages number it). */
export function nftTraits({ edition, product }: TEditionView): TNftTrait[] {
  return [
    ...product.properties,
    { traitType: 'Rarity', value: rarityLabel(edition.product.rarity) },
    { traitType: 'Serial number', value: formatNumber(edition.serialNumber) },
  ];
}

/**
 * ERC-721 metadata for the token: what a chain adapter's tokenURI points at. Images and the page are absolute
 * addresses on this site (PUBLIC_URL), since a wallet reads them from elsewhere. The image is the edition's own
 * artwork when spec section 9 shows it (editionArtworkUrl), else the product's.
 */
export function nftMetadata(view: TEditionView, publicUrl: string): TNftMetadata {
  const { edition, product } = view;
  // A generative edition's own artwork (decision record 58) is its picture: wallets show it, not the product's image
  // nor the product's video, which would play in its place.
  const artwork = editionArtworkUrl(edition);
  const absolute = (url: string) => new URL(url, publicUrl).toString();
  const numbering =
    edition.editionSize === null ? `#${edition.serialNumber}` : `#${edition.serialNumber} / ${edition.editionSize}`;
  return {
    name: `${product.name} ${numbering}`,
    description: product.description ?? `${product.name} by ${edition.brand.name}.`,
    image: absolute(artwork ?? product.imageUrl),
    ...(product.animationUrl && !artwork ? { animation_url: absolute(product.animationUrl) } : {}),
    external_url: absolute(`/nfts/${edition.id}`),
    attributes: [
      ...product.properties.map((property) => ({ trait_type: property.traitType, value: property.value })),
      { trait_type: 'Rarity', value: rarityLabel(edition.product.rarity) },
      { trait_type: 'Serial number', value: edition.serialNumber },
      { trait_type: 'Brand', value: edition.brand.name },
      ...(edition.collection ? [{ trait_type: 'Collection', value: edition.collection.name }] : []),
    ],
  };
}
