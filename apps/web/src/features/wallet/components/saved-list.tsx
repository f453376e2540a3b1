import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Button } from '../../../ui/button.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { Icon, type IconName } from '../../../ui/icon.tsx';
import { Skeleton } from '../../../ui/skeleton.tsx';
import rowList from '../../../ui/row-list.module.css';
import styles from '../payment-page.module.css';

export interface SavedListRow {
  id: string;
  title: ReactNode;
  meta: ReactNode;
  /** What the row is called in "Remove …", as the list shows it. */
  name: string;
  /** Why it cannot be used as saved (a sentence that says what to do), shown under it. */
  problem?: string | undefined;
}

/**
 * One list of saved payment methods (cards, Tilia methods, bank accounts, wallet addresses) with its loading,
 * error (with a retry) and empty states, each row with a Remove button.
 */
export function SavedList<T>({
  query,
  what,
  icon,
  empty,
  toRow,
  onRemove,
  removingId,
}: {
  query: UseQueryResult<T[]>;
  /** "bank accounts": used in the loading label, the error title and the list's name. */
  what: string;
  icon: IconName;
  empty: { title: string; body: string };
  toRow: (item: T) => SavedListRow;
  onRemove: (item: T) => void;
  /** The row whose removal is on its way, to show it loading. */
  removingId?: string;
}) {
  if (query.isPending) {
    return (
      <ul className={rowList.list} aria-busy="true" aria-label={`Loading your ${what}`}>
        {[0, 1].map((index) => (
          <li key={index} className={styles.row}>
            <Skeleton width="40%" />
          </li>
        ))}
      </ul>
    );
  }
  if (query.isError && !query.data) {
    return (
      <ErrorState
        titleAs="h3"
        title={`We could not load your ${what}`}
        error={query.error}
        onRetry={() => void query.refetch()}
        isRetrying={query.isFetching}
      />
    );
  }
  if (query.data.length === 0) return <EmptyState titleAs="h3" icon={icon} {...empty} />;
  return (
    <ul className={rowList.list} aria-label={`Saved ${what}`}>
      {query.data.map((item) => {
        const row = toRow(item);
        return (
          <li key={row.id} className={styles.row}>
            <div className={styles.rowSummary}>
              <span className={styles.rowMain}>
                <span className={styles.rowTitle}>
                  <Icon name={icon} size={18} /> {row.title}
                </span>
                <span className={styles.rowMeta}>{row.meta}</span>
                {row.problem ? <span className={styles.rowProblem}>{row.problem}</span> : null}
              </span>
              <Button
                size="sm"
                variant="ghost"
                aria-label={`Remove ${row.name}`}
                isLoading={removingId === row.id}
                onClick={() => onRemove(item)}
              >
                <Icon name="trash" size={16} /> Remove
              </Button>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
