import type { TBrand } from '@cypher/contract';
import { Link } from 'react-router';
import { brandPath, brandTypeLabel } from '../../../lib/catalog-paths.ts';
import styles from './brand-card.module.css';

interface BrandCardProps {
  brand: Pick<TBrand, 'id' | 'name' | 'type' | 'logoUrl' | 'bannerUrl' | 'tagline'>;
  headingAs?: 'h2' | 'h3';
}

/** A brand as a card: its banner at a fixed ratio, the logo over it, the name, its type and tagline. One link. */
export function BrandCard({ brand, headingAs: Heading = 'h3' }: BrandCardProps) {
  return (
    <Link to={brandPath(brand)} className={styles.card}>
      <span className={styles.banner}>
        {brand.bannerUrl ? <img src={brand.bannerUrl} alt="" loading="lazy" /> : null}
      </span>
      <span className={styles.logo}>
        {brand.logoUrl ? (
          <img src={brand.logoUrl} alt="" loading="lazy" width={56} height={56} />
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
