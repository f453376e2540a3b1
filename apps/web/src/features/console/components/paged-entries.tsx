import type { UseQueryResult } from '@tanstack/react-query';
import type { TPage } from '@cypher/contract';
import type { ReactNode } from 'react';
import { useUrlFilters } from '../../../lib/use-url-filters.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import type { IconName } from '../../../ui/icon.tsx';
import { Pagination } from '../../../ui/pagination.tsx';
import { Skeleton } from '../../../ui/skeleton.tsx';
import { EntriesTable, type EntryColumn } from './entries-table.tsx';
import listStyles from './entry-list.module.css';

interface PagedEntriesProps<T extends { id: string }> {
  query: UseQueryResult<TPage<T>>;
  /** Plural, lower case: "calendars" ("Loading calendars", "We could not load the calendars"). */
  noun: string;
  /** The table's caption, for screen readers; and its pages' ("Calendar pages"). */
  caption: string;
  columns: EntryColumn<T>[];
  empty: { icon: IconName; title: string; body: ReactNode; action: ReactNode };
}

/**
 * A console list read a page at a time, the page in the address: skeleton rows while it loads, an error with a retry,
 * an empty state that says what to do, or the table with its pages.
 */
export function PagedEntries<T extends { id: string }>({ query, noun, caption, columns, empty }: PagedEntriesProps<T>) {
  const { hrefFor } = useUrlFilters();
  if (query.isPending) {
    return (
      <div role="status" className={listStyles.loading} aria-busy="true" aria-label={`Loading ${noun}`}>
        {Array.from({ length: 5 }, (_, index) => (
          <Skeleton key={index} height="52px" radius="var(--radius-md)" />
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
      />
    );
  }
  const data = query.data!;
  if (data.items.length === 0) return <EmptyState {...empty} />;
  return (
    <>
      <EntriesTable caption={caption} columns={columns} items={data.items} isRefreshing={query.isPlaceholderData} />
      <Pagination
        page={data.page}
        size={data.size}
        total={data.total}
        hrefFor={(next) => hrefFor({ page: next })}
        label={`${caption} pages`}
      />
    </>
  );
}
