import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import styles from './tabs.module.css';

interface TabItem {
  id: string;
  label: ReactNode;
  panel: ReactNode;
}

interface TabsProps {
  /** Names the tab list for screen readers. */
  label: string;
  items: TabItem[];
  /** Controlled selection; leave out to let the tabs keep their own. */
  value?: string;
  defaultValue?: string;
  onValueChange?: (id: string) => void;
  className?: string;
}

/**
 * WAI-ARIA tabs with a roving tabindex: Tab enters the list on the selected tab, arrow keys, Home and End move
 * between tabs and select them, and Tab again moves on into the panel. Tabs that do not fit one row wrap to the next
 * (tabs.module.css), so none is ever out of sight.
 */
export function Tabs({ label, items, value, defaultValue, onValueChange, className }: TabsProps) {
  const baseId = useId();
  const [ownValue, setOwnValue] = useState(defaultValue ?? items[0]?.id);
  const selectedId = value ?? ownValue;
  const tabRefs = useRef(new Map<string, HTMLButtonElement>());

  function select(id: string) {
    if (value === undefined) setOwnValue(id);
    onValueChange?.(id);
  }

  function handleKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const currentIndex = items.findIndex((item) => item.id === selectedId);
    const lastIndex = items.length - 1;
    const nextIndex = {
      ArrowRight: currentIndex >= lastIndex ? 0 : currentIndex + 1,
      ArrowLeft: currentIndex <= 0 ? lastIndex : currentIndex - 1,
      Home: 0,
      End: lastIndex,
    }[event.key];
    const next = nextIndex === undefined ? undefined : items[nextIndex];
    if (!next) return;
    event.preventDefault();
    select(next.id);
    tabRefs.current.get(next.id)?.focus();
  }

  const selected = items.find((item) => item.id === selectedId) ?? items[0];

  return (
    <div className={className}>
      <div className={styles.frame}>
        <div
          role="tablist"
          aria-label={label}
          className={styles.list}
          data-pairs={items.length === 4 || undefined}
          onKeyDown={handleKeyDown}
        >
          {items.map((item) => {
            const isSelected = item.id === selected?.id;
            return (
              <button
                key={item.id}
                ref={(element) => {
                  if (element) tabRefs.current.set(item.id, element);
                  else tabRefs.current.delete(item.id);
                }}
                type="button"
                role="tab"
                id={`${baseId}-tab-${item.id}`}
                aria-selected={isSelected}
                aria-controls={`${baseId}-panel-${item.id}`}
                tabIndex={isSelected ? 0 : -1}
                className={styles.tab}
                onClick={() => select(item.id)}
              >
                {item.label}
              </button>
            );
          })}
        </div>
      </div>
      {selected ? (
        <div
          role="tabpanel"
          id={`${baseId}-panel-${selected.id}`}
          aria-labelledby={`${baseId}-tab-${selected.id}`}
          tabIndex={0}
          className={styles.panel}
        >
          {selected.panel}
        </div>
      ) : null}
    </div>
  );
}
