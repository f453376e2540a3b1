import type { CSSProperties, ReactNode } from 'react';
import { Link, type To } from 'react-router';
import styles from './artwork-layout.module.css';

interface ArtworkLayoutProps {
  /** The artwork's <img>, with the sizes the page serves it at. */
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
          {brand.logoUrl ? <img src={brand.logoUrl} alt="" width={28} height={28} /> : null}
          {brand.name}
        </Link>
        <h1 className={styles.name}>{title}</h1>
        {children}
      </div>
    </div>
  );
}
