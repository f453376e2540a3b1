import type { CSSProperties } from 'react';
import styles from './skeleton.module.css';

interface SkeletonProps {
  /** CSS lengths; width defaults to the container, height to one line of text. */
  width?: string;
  height?: string;
  radius?: string;
  isCircle?: boolean;
  className?: string;
}

/**
 * A placeholder shaped like the content that is loading. Hidden from assistive technology: the list around it
 * says `aria-busy` instead.
 */
export function Skeleton({ width, height, radius, isCircle, className }: SkeletonProps) {
  const style = {
    '--skeleton-width': width,
    '--skeleton-height': height,
    '--skeleton-radius': radius,
  } as CSSProperties;
  return (
    <span
      aria-hidden="true"
      className={[styles.skeleton, isCircle ? styles.circle : undefined, className].filter(Boolean).join(' ')}
      style={style}
    />
  );
}
