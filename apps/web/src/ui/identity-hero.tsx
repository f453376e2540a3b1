import type { ReactNode } from 'react';
import { responsiveImages, uploadSrcSet } from '@cypher/contract';
import styles from './identity-hero.module.css';

const BANNER = responsiveImages.heroBanner;
const PICTURE = responsiveImages.heroPicture;

interface IdentityHeroProps {
  /** The wide picture behind; null: the theme's gradient. */
  bannerUrl: string | null;
  /** Without a banner of its own, a lower band: an empty frame would only push the page down. */
  isLowWithoutBanner?: boolean;
  pictureUrl: string | null;
  /** The picture's alt text ("Neon Arcade logo"); without a picture, the name's first letter stands in. */
  pictureAlt: string;
  eyebrow: ReactNode;
  name: string;
  /** Lines under the name (a tagline, "Collecting since ..."). */
  children?: ReactNode;
  /** One action at the end of the row: a link or a button, given `identityHeroStyles.action`'s place. */
  action?: ReactNode;
  as?: 'div' | 'header';
}

export { styles as identityHeroStyles };

/**
 * The top of a brand's page and of a collector's public profile: banner, round picture, name, one action. Both
 * pictures come at the width they are shown, not as uploaded (a profile background is kept at up to 2880 px); the
 * banner first, as the page's largest paint.
 */
export function IdentityHero({
  bannerUrl,
  isLowWithoutBanner = false,
  pictureUrl,
  pictureAlt,
  eyebrow,
  name,
  children,
  action,
  as: Tag = 'div',
}: IdentityHeroProps) {
  const bannerClass = !bannerUrl && isLowWithoutBanner ? `${styles.banner} ${styles.low}` : styles.banner;
  const bannerSrcSet = bannerUrl ? uploadSrcSet(bannerUrl, BANNER.largestVariant) : undefined;
  const pictureSrcSet = pictureUrl ? uploadSrcSet(pictureUrl, PICTURE.largestVariant) : undefined;
  return (
    <Tag className={styles.hero}>
      <div className={bannerClass}>
        {bannerUrl ? (
          <img
            src={bannerUrl}
            srcSet={bannerSrcSet}
            sizes={bannerSrcSet ? BANNER.sizes : undefined}
            alt=""
            width={BANNER.width}
            height={BANNER.height}
            fetchPriority="high"
          />
        ) : null}
      </div>
      <div className={styles.identity}>
        <div className={styles.picture}>
          {pictureUrl ? (
            <img
              src={pictureUrl}
              srcSet={pictureSrcSet}
              sizes={pictureSrcSet ? PICTURE.sizes : undefined}
              alt={pictureAlt}
              width={PICTURE.width}
              height={PICTURE.height}
            />
          ) : (
            <span aria-hidden="true">{name.charAt(0).toUpperCase()}</span>
          )}
        </div>
        <div className={styles.copy}>
          <p className={styles.eyebrow}>{eyebrow}</p>
          <h1 className={styles.name}>{name}</h1>
          {children}
        </div>
        {action}
      </div>
    </Tag>
  );
}
