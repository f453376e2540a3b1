import { useEffect, useRef, type ReactNode } from 'react';
import { Link, type To } from 'react-router';
import styles from './filter-links.module.css';

export interface FilterLink {
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
 * A row of filters that are addresses (`?type=gaming`), so a filtered list can be shared, bookmarked and left with
 * the back button. Looks like the tabs; is a list of links, the chosen one marked `aria-current`.
 */
export function FilterLinks({ label, items, selectedId, className }: FilterLinksProps) {
  const listRef = useRef<HTMLUListElement>(null);

  // On a narrow screen the row scrolls sideways: bring the chosen filter into view (without scrolling the page).
  useEffect(() => {
    const list = listRef.current;
    const current = list?.querySelector<HTMLElement>('[aria-current="true"]');
    if (!list || !current || list.scrollWidth <= list.clientWidth) return;
    list.scrollLeft = current.offsetLeft - (list.clientWidth - current.offsetWidth) / 2;
  }, [selectedId]);

  return (
    <nav aria-label={label} className={[styles.nav, className].filter(Boolean).join(' ')}>
      <ul ref={listRef} className={styles.list}>
        {items.map((item) => (
          <li key={item.id}>
            <Link
              to={item.to}
              className={styles.link}
              aria-current={item.id === selectedId ? 'true' : undefined}
              preventScrollReset
              replace
            >
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
