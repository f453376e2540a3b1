import type { UseQueryResult } from '@tanstack/react-query';
import type { TPage } from '@cypher/contract';
import type { ReactNode } from 'react';
import { useUrlFilters } from '../../../lib/use-url-filters.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import type { IconName } from '../../../ui/icon.tsx';
import { Pagination } from '../../../ui/pagination.tsx';
import { isPastLastPage, PastLastPage } from '../../../ui/past-last-page.tsx';
import { Skeleton } from '../../../ui/skeleton.tsx';
import { EntriesTable, type EntryColumn } from './entries-table.tsx';
import listStyles from './entry-list.module.css';

type PagedEntriesProps<T> = {
  query: UseQueryResult<TPage<T>>;
  /** Plural, lower case: "calendars" ("Loading calendars", "We could not load the calendars"). */
  noun: string;
  /** Where the loading rows say more than "Loading" and the noun ("Loading the grants"). */
  loadingLabel?: string;
  /** The table's caption, for screen readers. */
  caption: string;
  /** Its pages' name: the caption's ("Calendars pages") unless said ("Drop pages"). */
  pagesLabel?: string;
  columns: EntryColumn<T>[];
  empty: { icon: IconName; title: string; body: ReactNode; action?: ReactNode };
  /**
   * What the list holds, for an address past its last page ("The brands fill 2 pages."): "The" and the noun unless
   * said ("The brands that match" under a filter).
   */
  what?: string;
  /** The error's and the empty state's heading: h3 where the list is a titled section inside a page. */
  titleAs?: 'h2' | 'h3';
  /** As many rows, as tall, as the list is likely to show (5 of 52px unless said). */
  skeletonRows?: number;
  skeletonHeight?: string;
  /** The row's key, for items without an `id` of their own (a recipient, a payment under review): required for them. */
  rowId?: (item: T) => string;
};

/**
 * A console list read a page at a time, the page in the address: skeleton rows while it loads, an error with a retry,
 * an empty state that says what to do, the way back from an address past the last page, or the table with its pages.
 * Items without an `id` of their own (a recipient, a payment under review) are keyed by `rowId`.
 */
export function PagedEntries<T extends { id: string }>(props: PagedEntriesProps<T>): ReactNode;
export function PagedEntries<T>(props: PagedEntriesProps<T> & { rowId: (item: T) => string }): ReactNode;
export function PagedEntries<T>({
  query,
  noun,
  loadingLabel = `Loading ${noun}`,
  caption,
  pagesLabel = `${caption} pages`,
  columns,
  empty,
  what = `The ${noun}`,
  titleAs,
  skeletonRows = 5,
  skeletonHeight = '52px',
  rowId,
}: PagedEntriesProps<T>): ReactNode {
  const { hrefFor } = useUrlFilters();
  if (query.isPending) {
    return (
      <div role="status" className={listStyles.loading} aria-busy="true" aria-label={loadingLabel}>
        {Array.from({ length: skeletonRows }, (_, index) => (
          <Skeleton key={index} height={skeletonHeight} radius="var(--radius-md)" />
        ))}
      </div>
    );
  }
  if (query.isError && !query.data) {
    return (
      <ErrorState
        title={`We could not load the ${noun}`}
        error={query.error}
        onRetry={() => void query.refetch()}
        isRetrying={query.isRefetching}
        titleAs={titleAs}
      />
    );
  }
  const data = query.data!;
  // An old link or a list that shrank: "nothing yet" would be untrue, and the pages (shown under rows) unreachable.
  if (isPastLastPage(data)) {
    return (
      <PastLastPage
        icon={empty.icon}
        total={data.total}
        size={data.size}
        hrefFor={(last) => hrefFor({ page: last })}
        what={what}
        titleAs={titleAs}
      />
    );
  }
  if (data.items.length === 0) return <EmptyState {...empty} titleAs={titleAs} />;
  // Without rowId the items carry their own id: the overloads above see to it.
  const items = rowId
    ? data.items.map((item) => ({ ...item, id: rowId(item) }))
    : (data.items as (T & { id: string })[]);
  return (
    <>
      <EntriesTable caption={caption} columns={columns} items={items} isRefreshing={query.isPlaceholderData} />
      <Pagination
        page={data.page}
        size={data.size}
        total={data.total}
        hrefFor={(next) => hrefFor({ page: next })}
        label={pagesLabel}
      />
    </>
  );
}
