import type { ReactNode } from 'react';
import { Link, type To } from 'react-router';
import styles from './filter-links.module.css';

interface FilterLink {
  id: string;
  label: ReactNode;
  to: To;
}

interface FilterLinksProps {
  /** Names the set for screen readers, e.g. "Brand type". */
  label: string;
  items: FilterLink[];
  selectedId: string;
  className?: string;
}

/**
 * A row of filters that are addresses (`?type=gaming`), so a filtered list can be shared, bookmarked and stepped back
 * through with the back button, as any link is (decision record 49). Looks like the tabs; is a list of links, the
 * chosen one marked `aria-current`. Filters that do not fit one row wrap to the next.
 */
export function FilterLinks({ label, items, selectedId, className }: FilterLinksProps) {
  return (
    <nav aria-label={label} className={[styles.nav, className].filter(Boolean).join(' ')}>
      <div className={styles.frame}>
        {/* Four or six make rows of two on a phone: flex shared a row of four narrow ones over two wide ones. */}
        <ul className={styles.list} data-pairs={items.length === 4 || items.length === 6 || undefined}>
          {items.map((item) => (
            <li key={item.id}>
              <Link
                to={item.to}
                className={styles.link}
                aria-current={item.id === selectedId ? 'true' : undefined}
                preventScrollReset
              >
                {item.label}
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </nav>
  );
}
