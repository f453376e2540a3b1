import type { ReactNode } from 'react';
import styles from './facts.module.css';

/** A detail page's facts in two columns (a product's brand and collection, a token's contract and owner). */
export function Facts({ children }: { children: ReactNode }) {
  return <dl className={styles.facts}>{children}</dl>;
}

/** One fact: a small caps term over its value; `isWide` spans both columns (a long address, a list of tags). */
export function Fact({
  term,
  isWide,
  className,
  children,
}: {
  term: string;
  isWide?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={isWide ? `${styles.fact} ${styles.wide}` : styles.fact}>
      <dt>{term}</dt>
      <dd className={className}>{children}</dd>
    </div>
  );
}
