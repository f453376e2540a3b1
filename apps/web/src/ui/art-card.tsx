import type { CSSProperties, ReactNode } from 'react';
import { Link, type To } from 'react-router';
import { responsiveImages, uploadSrcSet } from '@cypher/contract';
import styles from './art-card.module.css';

/** Class names for what goes in a card's text (`name`, `sub`, `number`) and over its artwork (`corner`, `flag`). */
export { styles as artCardStyles };

const CARD_ARTWORK = responsiveImages.cardArtwork;

interface ArtCardProps {
  to: To;
  /** Router state the link leaves on the history entry it opens (see the page that reads it). */
  state?: unknown;
  imageUrl: string;
  /**
   * `imageUrl` is a stored picture's thumbnail (480 px, made for lists), asked for as it is. Otherwise it is the
   * artwork itself, asked for at the width the card shows it.
   */
  isThumbnail?: boolean;
  /** Over the artwork's top-left corner; give it `artCardStyles.corner` (a RarityBadge, or a `flag`). */
  corner?: ReactNode;
  /** The colour the border and hover glow take: a rarity's (rarityColour). */
  tint?: string;
  /** `rarity` (products): tinted lightly; `strong` (packs): tinted more; `accent` (drops): the accent on hover. */
  tone?: 'rarity' | 'strong' | 'accent';
  /** Rises a little on hover (products and drops, which lead on to a page of their own). */
  lifts?: boolean;
  className?: string;
  /** The text under the artwork: a heading with `artCardStyles.name`, then `sub` and `number` lines. */
  children: ReactNode;
}

/**
 * DESIGN.md "Cards": the artwork at a fixed square with its badge, then the name, the brand and the one number that
 * matters, the whole card one link. The artwork's alt is empty: the name beside it already says what it is. Stored artwork
 * comes at the width the card shows it (responsiveImages.cardArtwork), not as its original.
 */
export function ArtCard({
  to,
  state,
  imageUrl,
  isThumbnail = false,
  corner,
  tint,
  tone = 'rarity',
  lifts = false,
  className,
  children,
}: ArtCardProps) {
  const classes = [
    styles.card,
    tone === 'rarity' ? undefined : styles[tone],
    lifts ? styles.lifts : undefined,
    className,
  ];
  const srcSet = isThumbnail ? undefined : uploadSrcSet(imageUrl, CARD_ARTWORK.largestVariant);
  return (
    <Link
      to={to}
      state={state}
      className={classes.filter(Boolean).join(' ')}
      style={tint ? ({ '--card-tint': tint } as CSSProperties) : undefined}
    >
      <div className={styles.art}>
        <img
          src={imageUrl}
          srcSet={srcSet}
          sizes={srcSet ? CARD_ARTWORK.sizes : undefined}
          alt=""
          loading="lazy"
          decoding="async"
          width={400}
          height={400}
        />
        {corner}
      </div>
      <div className={styles.meta}>{children}</div>
    </Link>
  );
}
