import type { TProductListItem } from '@cypher/contract';
import type { CSSProperties } from 'react';
import { Link } from 'react-router';
import { formatCount } from '../../../lib/format.ts';
import { RarityBadge, rarityColour } from '../../../ui/rarity-badge.tsx';
import { productPath } from '../../../lib/catalog-paths.ts';
import styles from './product-card.module.css';

interface ProductCardProps {
  product: Pick<TProductListItem, 'id' | 'name' | 'rarity' | 'imageThumbnailUrl' | 'editionSize' | 'brand'>;
  headingAs?: 'h2' | 'h3';
}

/** The one number a product card shows: how many editions exist (DESIGN.md "Cards"). */
export function editionSizeText(editionSize: number | null): string {
  return editionSize === null ? 'Open edition' : `Edition of ${formatCount(editionSize)}`;
}

/**
 * A product as a card: the artwork at a fixed square, the rarity in its colour, the brand and the edition size. The
 * whole card is one link; the artwork's alt is empty because the name beside it already says what it is.
 */
export function ProductCard({ product, headingAs: Heading = 'h3' }: ProductCardProps) {
  return (
    <Link
      to={productPath(product)}
      className={styles.card}
      style={{ '--rarity': rarityColour(product.rarity) } as CSSProperties}
    >
      <div className={styles.art}>
        <img src={product.imageThumbnailUrl} alt="" loading="lazy" decoding="async" width={400} height={400} />
        <RarityBadge rarity={product.rarity} className={styles.badge} />
      </div>
      <div className={styles.meta}>
        <Heading className={styles.name}>{product.name}</Heading>
        <span className={styles.brand}>{product.brand.name}</span>
        <span className={styles.number}>{editionSizeText(product.editionSize)}</span>
      </div>
    </Link>
  );
}
