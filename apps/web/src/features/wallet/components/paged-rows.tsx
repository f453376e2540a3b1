import { useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import type { UseQueryResult } from '@tanstack/react-query';
import type { TPage } from '@cypher/contract';
import { ErrorState } from '../../../ui/error-state.tsx';
import { Icon } from '../../../ui/icon.tsx';
import { Pagination } from '../../../ui/pagination.tsx';
import { isPastLastPage, PastLastPage } from '../../../ui/past-last-page.tsx';
import rowList from '../../../ui/row-list.module.css';
import { Skeleton } from '../../../ui/skeleton.tsx';
import styles from '../payment-page.module.css';
import { pageNumberOf } from '../../../lib/use-url-filters.ts';

/** The page of a paged tab of the payment page (`?page=`), 1 when absent or not a page number (`2.5` is page 2). */
export function usePageParam(): number {
  const [searchParams] = useSearchParams();
  return pageNumberOf(searchParams.get('page'));
}

interface PagedRowsProps<T> {
  query: UseQueryResult<TPage<T>>;
  /** What the rows are, in "Loading your …" and "We could not load your …": "history", "purchases". */
  what: string;
  /** `what` is one thing ("history"), not a plural ("purchases"): "Your history fills 2 pages". */
  isWhatSingular?: boolean;
  /** Names the list for screen readers: "Balance history". */
  label: string;
  /** Shown when there is nothing yet: an EmptyState saying what to do next. */
  empty: ReactNode;
  /** The payment page's tab, for the pages' addresses: `/payment?tab=<tab>&page=2`. */
  tab: string;
  pageSize: number;
  /** Names the page links for screen readers: "History pages". */
  pagesLabel: string;
  skeletonRows?: number;
  /** The level of the error's and the empty states' titles: h3 under a section's own h2. */
  titleAs?: 'h2' | 'h3';
  /** One `<li>` a row. */
  children: (item: T) => ReactNode;
}

/** A paged list of the payment page's rows, with its skeleton, its error with a retry, and its empty state. */
export function PagedRows<T>({
  query,
  what,
  isWhatSingular,
  label,
  empty,
  tab,
  pageSize,
  pagesLabel,
  skeletonRows = 3,
  titleAs,
  children,
}: PagedRowsProps<T>) {
  if (query.isPending) {
    return (
      <ul className={rowList.list} aria-busy="true" aria-label={`Loading your ${what}`}>
        {Array.from({ length: skeletonRows }, (_, index) => (
          <li key={index} className={styles.row}>
            <Skeleton width="60%" />
            <Skeleton width="30%" />
          </li>
        ))}
      </ul>
    );
  }
  if (query.isError && !query.data) {
    return (
      <ErrorState
        titleAs={titleAs}
        title={`We could not load your ${what}`}
        error={query.error}
        onRetry={() => void query.refetch()}
        isRetrying={query.isFetching}
      />
    );
  }
  if (isPastLastPage(query.data)) {
    return (
      <PastLastPage
        titleAs={titleAs}
        total={query.data.total}
        size={pageSize}
        hrefFor={(last) => `/payment?tab=${tab}&page=${last}`}
        what={`Your ${what}`}
        isSingular={isWhatSingular}
      />
    );
  }
  if (query.data.items.length === 0) return empty;
  return (
    <div className={styles.stack}>
      <ul className={rowList.list} aria-label={label}>
        {query.data.items.map(children)}
      </ul>
      <Pagination
        page={query.data.page}
        size={pageSize}
        total={query.data.total}
        hrefFor={(next) => `/payment?tab=${tab}&page=${next}`}
        label={pagesLabel}
      />
    </div>
  );
}

interface ExpandingRowProps {
  /** The row's one line: what it is, and its amount. */
  summary: ReactNode;
  /** The id of what opens, for aria-controls; `details` must carry it. */
  detailsId: string;
  /** Read after the chevron: "receipt" gives "Show receipt" and "Hide receipt". */
  what: string;
  /** What opens under the row (a receipt, an order's figures). */
  details: ReactNode;
}

/** A row that opens to what is behind it: the whole row is the button, with a chevron that turns. */
export function ExpandingRow({ summary, detailsId, what, details }: ExpandingRowProps) {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <li className={styles.row}>
      <button
        type="button"
        className={`${rowList.action} ${styles.rowButton}`}
        aria-expanded={isOpen}
        aria-controls={detailsId}
        onClick={() => setIsOpen((open) => !open)}
      >
        {summary}
        <Icon name="chevron-down" size={18} className={isOpen ? styles.chevronOpen : styles.chevron} />
        <span className="visually-hidden">{isOpen ? `Hide ${what}` : `Show ${what}`}</span>
      </button>
      {isOpen ? details : null}
    </li>
  );
}
