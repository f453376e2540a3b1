import type { TBrand } from '@cypher/contract';
import { Icon } from '../../../ui/icon.tsx';
import { brandTypeLabel } from '../../../lib/catalog-paths.ts';
import styles from './brand-hero.module.css';

/** The top of a brand page: its banner, logo, name, type, tagline and website. */
export function BrandHero({ brand }: { brand: TBrand }) {
  return (
    <div className={styles.hero}>
      <div className={styles.banner}>{brand.bannerUrl ? <img src={brand.bannerUrl} alt="" /> : null}</div>
      <div className={styles.identity}>
        <div className={styles.logo}>
          {brand.logoUrl ? (
            <img src={brand.logoUrl} alt={`${brand.name} logo`} width={112} height={112} />
          ) : (
            <span aria-hidden="true">{brand.name.charAt(0)}</span>
          )}
        </div>
        <div className={styles.copy}>
          <p className={styles.type}>{brandTypeLabel(brand.type)}</p>
          <h1 className={styles.name}>{brand.name}</h1>
          {brand.tagline ? <p className={styles.tagline}>{brand.tagline}</p> : null}
        </div>
        {brand.websiteUrl ? (
          <a className={styles.website} href={brand.websiteUrl} target="_blank" rel="noopener noreferrer">
            <Icon name="globe" size={18} />
            Website
            <span className="visually-hidden"> of {brand.name} (opens in a new tab)</span>
            <Icon name="external" size={14} />
          </a>
        ) : null}
      </div>
    </div>
  );
}
