import { rarityLabel, type TRarity } from '@cypher/contract';
import type { CSSProperties } from 'react';
import styles from './rarity-badge.module.css';

export { rarityLabel } from '@cypher/contract';

/** The CSS custom property holding a rarity's colour (tokens.css), for borders and glows around a badge. */
export function rarityColour(rarity: TRarity): string {
  return `var(--rarity-${rarity.toLowerCase()})`;
}

interface RarityBadgeProps {
  rarity: TRarity;
  className?: string;
}

/** One colour per rarity, from the tokens; the word is always written out, so colour is never the only signal. */
export function RarityBadge({ rarity, className }: RarityBadgeProps) {
  return (
    <span
      className={[styles.badge, className].filter(Boolean).join(' ')}
      style={{ '--rarity': rarityColour(rarity) } as CSSProperties}
    >
      {rarityLabel(rarity)}
    </span>
  );
}
