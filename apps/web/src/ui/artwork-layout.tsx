import { useEffect, useRef, type CSSProperties, type ReactNode } from 'react';
import { Link, type To } from 'react-router';
import { responsiveImages, uploadSrcSet } from '@cypher/contract';
import { useReducedMotion } from '../lib/use-reduced-motion.ts';
import styles from './artwork-layout.module.css';
import { FixedWidthImage } from './fixed-width-image.tsx';

const ARTWORK = responsiveImages.pageArtwork;

interface ArtworkLayoutProps {
  /** The artwork: an ArtworkImage. */
  artwork: ReactNode;
  /** The frame's and glow's colour (a product's rarity); the accent's glow without one. */
  tint?: string;
  /** The brand, leading to its page; `to` null: named without a link (its page is not public, the brand unpublished). */
  brand: { name: string; logoUrl: string | null; to: To | null };
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
        {brand.to === null ? (
          <span className={styles.brand}>
            {brand.logoUrl ? <FixedWidthImage src={brand.logoUrl} shownWidth={28} width={28} height={28} /> : null}
            {brand.name}
          </span>
        ) : (
          <Link to={brand.to} className={styles.brand}>
            {brand.logoUrl ? <FixedWidthImage src={brand.logoUrl} shownWidth={28} width={28} height={28} /> : null}
            {brand.name}
          </Link>
        )}
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

/**
 * A product's video in the artwork's place: muted and looped like a moving picture, with the player's controls to
 * pause it, and the artwork as its poster until it plays. It starts by itself only where the person has not asked for
 * less motion (started from script after hydration: the server's HTML is the same either way).
 */
export function ArtworkVideo({ src, poster, name }: { src: string; poster: string; name: string }) {
  const video = useRef<HTMLVideoElement>(null);
  const isReducedMotion = useReducedMotion();
  useEffect(() => {
    const element = video.current;
    if (!element) return;
    if (isReducedMotion) element.pause();
    // A browser may still refuse to play (data saving): the poster and the controls stay.
    else void element.play?.()?.catch(() => undefined);
  }, [isReducedMotion]);
  return (
    <video
      ref={video}
      src={src}
      poster={poster}
      aria-label={`${name} artwork, a video`}
      width={ARTWORK.width}
      height={ARTWORK.height}
      muted
      loop
      playsInline
      controls
      preload="metadata"
    />
  );
}
