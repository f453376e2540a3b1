import type { ReactNode } from 'react';
import { artCardStyles } from './art-card.tsx';
import styles from './status-flag.module.css';

/** What a status dot says at a glance: `live` (on sale, open), `soon` (coming up), `over` (ended, sold out). */
export type TStatusFlagTone = 'live' | 'soon' | 'over';

/**
 * A card's status over its artwork's corner (a drop's, a pass's, a fusion's), with a dot: lit while it is on, amber while
 * it is coming where a card tells the two apart (as the home page's drop call marks what opens soon), dim once over.
 */
export function StatusFlag({ tone, children }: { tone: TStatusFlagTone; children: ReactNode }) {
  return (
    <span className={`${artCardStyles.corner} ${artCardStyles.flag} ${styles.status}`} data-tone={tone}>
      {children}
    </span>
  );
}
