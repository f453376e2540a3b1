import { rarities, type TRarity } from '@cypher/contract';
import type { CSSProperties } from 'react';
import type { To } from 'react-router';
import { formatCount } from '../../../lib/format.ts';
import { FilterLinks } from '../../../ui/filter-links.tsx';
import { rarityColour, rarityLabel } from '../../../ui/rarity-badge.tsx';
import { useProductRarities, type TRarityCountParams } from '../api/count-product-rarities.ts';
import styles from './rarity-filter.module.css';

interface RarityFilterProps {
  /** Whose products are counted: a brand or a collection. */
  scope: TRarityCountParams;
  selected: TRarity | undefined;
  hrefFor: (rarity: TRarity | undefined) => To;
}

/** "All · Common 14 · Rare 9 ...": rarities as filter links, each with its colour dot and how many products have it. */
export function RarityFilter({ scope, selected, hrefFor }: RarityFilterProps) {
  const counts = useProductRarities(scope);
  const countOf = (rarity: TRarity) => counts.data?.find((entry) => entry.rarity === rarity)?.count;
  return (
    <FilterLinks
      label="Rarity"
      selectedId={selected ?? 'ALL'}
      items={[
        { id: 'ALL', label: 'All', to: hrefFor(undefined) },
        ...rarities.map((rarity) => {
          const count = countOf(rarity);
          return {
            id: rarity,
            to: hrefFor(rarity),
            label: (
              <>
                <span className={styles.dot} style={{ '--rarity': rarityColour(rarity) } as CSSProperties} />
                {rarityLabel(rarity)}
                {count === undefined ? null : <span className={styles.count}>{formatCount(count)}</span>}
              </>
            ),
          };
        }),
      ]}
    />
  );
}
