import type { ReactNode } from 'react';
import styles from './badge.module.css';

export type BadgeTone = 'neutral' | 'success' | 'warning' | 'accent';

/** A short status word ("Draft", "Published", "Admin") in a pill; the word carries the meaning, the tone helps. */
export function Badge({ tone = 'neutral', children }: { tone?: BadgeTone; children: ReactNode }) {
  return <span className={`${styles.badge} ${styles[tone]}`}>{children}</span>;
}
