import type { ReactNode } from 'react';
import { Skeleton } from './skeleton.tsx';
import styles from './card-grid.module.css';

interface CardGridProps {
  children: ReactNode;
  /** Names the list for screen readers, e.g. "Products". */
  label?: string;
  className?: string;
  /** Stretch the cards to share the row when there are fewer than the columns (at most five still). */
  isFilled?: boolean;
}

/**
 * DESIGN.md: card grids reflow from two columns on a phone (one below 340 px) to five on wide screens. Each child is
 * an <li>.
 */
export function CardGrid({ children, label, className, isFilled }: CardGridProps) {
  return (
    <ul
      className={[styles.grid, isFilled ? styles.fill : undefined, className].filter(Boolean).join(' ')}
      aria-label={label}
    >
      {children}
    </ul>
  );
}

interface CardGridSkeletonProps {
  count?: number;
  /** The artwork's aspect ratio, so the page does not jump when the cards arrive. */
  aspectRatio?: string;
  label?: string;
}

/** The grid while its cards load: the same columns, each card an artwork block and two lines. */
export function CardGridSkeleton({ count = 10, aspectRatio = '1 / 1', label = 'Loading' }: CardGridSkeletonProps) {
  return (
    <div aria-busy="true" aria-label={label} role="status">
      <ul className={styles.grid}>
        {Array.from({ length: count }, (_, index) => (
          <li key={index} className={styles.skeletonCard}>
            <span className={styles.skeletonArt} style={{ aspectRatio }}>
              <Skeleton height="100%" radius="var(--radius-md)" />
            </span>
            <Skeleton width="70%" height="16px" />
            <Skeleton width="45%" height="12px" />
          </li>
        ))}
      </ul>
    </div>
  );
}
