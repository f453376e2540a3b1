import type { CSSProperties, ReactNode } from 'react';
import { Link, type To } from 'react-router';
import { responsiveImages, uploadSrcSet } from '@cypher/contract';
import styles from './artwork-layout.module.css';
import { FixedWidthImage } from './fixed-width-image.tsx';

const ARTWORK = responsiveImages.pageArtwork;

interface ArtworkLayoutProps {
  /** The artwork: an ArtworkImage. */
  artwork: ReactNode;
  /** The frame's and glow's colour (a product's rarity); the accent's glow without one. */
  tint?: string;
  brand: { name: string; logoUrl: string | null; to: To };
  /** The page's h1. */
  title: string;
  /** What follows the title beside the artwork. */
  children: ReactNode;
}

/** A product's or a drop's page: the artwork as the hero, and beside it the brand, the name and the rest. */
export function ArtworkLayout({ artwork, tint, brand, title, children }: ArtworkLayoutProps) {
  return (
    <div className={styles.layout}>
      <div
        className={tint ? `${styles.artwork} ${styles.tinted}` : styles.artwork}
        style={tint ? ({ '--artwork-tint': tint } as CSSProperties) : undefined}
      >
        {artwork}
      </div>
      <div className={styles.info}>
        <Link to={brand.to} className={styles.brand}>
          {brand.logoUrl ? <FixedWidthImage src={brand.logoUrl} shownWidth={28} width={28} height={28} /> : null}
          {brand.name}
        </Link>
        <h1 className={styles.name}>{title}</h1>
        {children}
      </div>
    </div>
  );
}

/**
 * The page's artwork at the widths the layout shows it (a stored image is served at each, `srcset`), asked for first:
 * it is the page's largest paint, and on a drop's page the HTML preloads the same candidate (site/page-preloads.ts).
 */
export function ArtworkImage({ src, name }: { src: string; name: string }) {
  return (
    <img
      src={src}
      srcSet={uploadSrcSet(src, ARTWORK.largestVariant)}
      sizes={ARTWORK.sizes}
      alt={`${name} artwork`}
      width={ARTWORK.width}
      height={ARTWORK.height}
      fetchPriority="high"
    />
  );
}
