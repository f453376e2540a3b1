import type { TBrand } from '@cypher/contract';
import { brandTypeLabel } from '../../../lib/catalog-paths.ts';
import { Icon } from '../../../ui/icon.tsx';
import { IdentityHero, identityHeroStyles } from '../../../ui/identity-hero.tsx';
import styles from './brand-hero.module.css';

/** The top of a brand page: its banner, logo, name, type, tagline and website. */
export function BrandHero({ brand }: { brand: TBrand }) {
  return (
    <div className={styles.top}>
      <IdentityHero
        bannerUrl={brand.bannerUrl}
        pictureUrl={brand.logoUrl}
        pictureAlt={`${brand.name} logo`}
        eyebrow={brandTypeLabel(brand.type)}
        name={brand.name}
        action={
          brand.websiteUrl ? (
            <a
              className={`${identityHeroStyles.action} ${styles.website}`}
              href={brand.websiteUrl}
              target="_blank"
              rel="noopener noreferrer"
            >
              <Icon name="globe" size={18} />
              Website
              <span className="visually-hidden"> of {brand.name} (opens in a new tab)</span>
              <Icon name="external" size={14} />
            </a>
          ) : null
        }
      >
        {brand.tagline ? <p className={styles.tagline}>{brand.tagline}</p> : null}
      </IdentityHero>
    </div>
  );
}
