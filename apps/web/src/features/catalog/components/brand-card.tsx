import { responsiveImages, uploadSrcSet, type TBrand } from '@cypher/contract';
import { Link } from 'react-router';
import { brandPath, brandTypeLabel } from '../../../lib/catalog-paths.ts';
import { FixedWidthImage } from '../../../ui/fixed-width-image.tsx';
import styles from './brand-card.module.css';

/** The banner spans a card of the grid (ui/card-grid.module.css), as a drop's artwork does on its card. */
const BANNER = responsiveImages.cardArtwork;
/** The logo's width over the banner (brand-card.module.css). */
const LOGO_WIDTH = 56;

interface BrandCardProps {
  brand: Pick<TBrand, 'id' | 'name' | 'type' | 'logoUrl' | 'bannerUrl' | 'tagline'>;
  headingAs?: 'h2' | 'h3';
}

/**
 * A brand as a card: its banner at a fixed ratio, the logo over it, the name, its type and tagline. One link. Both
 * pictures come at the width the card shows them, not as uploaded (a banner may be 2880 px wide).
 */
export function BrandCard({ brand, headingAs: Heading = 'h3' }: BrandCardProps) {
  const bannerSrcSet = brand.bannerUrl ? uploadSrcSet(brand.bannerUrl, BANNER.largestVariant) : undefined;
  return (
    <Link to={brandPath(brand)} className={styles.card}>
      <span className={styles.banner}>
        {brand.bannerUrl ? (
          <img
            src={brand.bannerUrl}
            srcSet={bannerSrcSet}
            sizes={bannerSrcSet ? BANNER.sizes : undefined}
            alt=""
            loading="lazy"
          />
        ) : null}
      </span>
      <span className={styles.logo}>
        {brand.logoUrl ? (
          <FixedWidthImage
            src={brand.logoUrl}
            shownWidth={LOGO_WIDTH}
            loading="lazy"
            width={LOGO_WIDTH}
            height={LOGO_WIDTH}
          />
        ) : (
          <span aria-hidden="true">{brand.name.charAt(0)}</span>
        )}
      </span>
      <div className={styles.body}>
        <Heading className={styles.name}>{brand.name}</Heading>
        <span className={styles.type}>{brandTypeLabel(brand.type)}</span>
        {brand.tagline ? <span className={styles.tagline}>{brand.tagline}</span> : null}
      </div>
    </Link>
  );
}
