import { Link } from 'react-router';
import type { TFigureBase } from '@cypher/contract';
import { formatCount, formatCountOf } from '../../../lib/format.ts';
import { Icon } from '../../../ui/icon.tsx';
import { FixedWidthImage } from '../../../ui/fixed-width-image.tsx';
import styles from './figure-base-cards.module.css';

/** A collection's figure bases, each a link to its page, with how many of its slots I have filled. */
export function FigureBaseCards({ bases, isLoggedIn }: { bases: TFigureBase[]; isLoggedIn: boolean }) {
  return (
    <ul className={styles.cards} aria-label="Figure bases">
      {bases.map((base) => (
        <li key={base.id}>
          <Link to={`/collections/${base.collection.id}/figure_base/${base.id}/editions`} className={styles.card}>
            {base.imageUrl ? (
              <FixedWidthImage src={base.imageUrl} shownWidth={72} width={96} height={96} loading="lazy" />
            ) : (
              <span className={styles.placeholder}>
                <Icon name="layers" size={28} />
              </span>
            )}
            <span className={styles.text}>
              <span className={styles.name}>{base.name}</span>
              <span className={styles.meta}>
                {isLoggedIn
                  ? `${formatCount(base.equippedCount)} of ${formatCountOf(base.slots.length, 'slot')} filled`
                  : `${formatCount(base.slots.length)} ${base.slots.length === 1 ? 'slot' : 'slots'}`}
              </span>
            </span>
            <Icon name="chevron-right" size={18} />
          </Link>
        </li>
      ))}
    </ul>
  );
}
