import type { TProductListItem } from '@cypher/contract';
import { formatCount } from '../../../lib/format.ts';
import { ArtCard, artCardStyles } from '../../../ui/art-card.tsx';
import { RarityBadge, rarityColour } from '../../../ui/rarity-badge.tsx';
import { productPath } from '../../../lib/catalog-paths.ts';

interface ProductCardProps {
  product: Pick<TProductListItem, 'id' | 'name' | 'rarity' | 'imageThumbnailUrl' | 'editionSize' | 'brand'>;
  headingAs?: 'h2' | 'h3';
}

/** The one number a product card shows: how many editions exist (DESIGN.md "Cards"). */
export function editionSizeText(editionSize: number | null): string {
  return editionSize === null ? 'Open edition' : `Edition of ${formatCount(editionSize)}`;
}

/** A product as a card: the artwork at a fixed square, the rarity in its colour, the brand and the edition size. */
export function ProductCard({ product, headingAs: Heading = 'h3' }: ProductCardProps) {
  return (
    <ArtCard
      to={productPath(product)}
      imageUrl={product.imageThumbnailUrl}
      isThumbnail
      tint={rarityColour(product.rarity)}
      corner={<RarityBadge rarity={product.rarity} className={artCardStyles.corner} />}
      lifts
    >
      <Heading className={artCardStyles.name}>{product.name}</Heading>
      <span className={artCardStyles.sub}>{product.brand.name}</span>
      <span className={artCardStyles.number}>{editionSizeText(product.editionSize)}</span>
    </ArtCard>
  );
}
