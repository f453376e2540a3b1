import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ErrorState } from '../../../ui/error-state.tsx';
import { Skeleton } from '../../../ui/skeleton.tsx';
import { ConsoleNotFound, namesNothingHere } from './console-not-found.tsx';

/** An entry's edit page while the entry loads. */
function ConsoleEntryLoading() {
  return (
    <div aria-busy="true">
      <h1 className="visually-hidden">Loading</h1>
      <Skeleton height="480px" radius="var(--radius-lg)" />
    </div>
  );
}

/**
 * An entry's edit page when the entry did not load: not here (404), or of a brand this operator does not manage (403,
 * told the same way, so a brand manager learns nothing of other brands' entries); anything else can be tried again.
 */
function ConsoleEntryFailure({
  singular,
  error,
  onRetry,
  isRetrying,
}: {
  singular: string;
  error: Error;
  onRetry: () => void;
  isRetrying: boolean;
}) {
  if (namesNothingHere(error)) {
    return (
      <ConsoleNotFound
        title={`This ${singular} is not here`}
        body="It does not exist, or it belongs to a brand you do not manage."
      />
    );
  }
  return (
    <ErrorState
      title={`We could not load this ${singular}`}
      error={error}
      onRetry={onRetry}
      isRetrying={isRetrying}
      titleAs="h1"
    />
  );
}

/**
 * An entry's edit page: while the entry loads, or why it did not, then `children` with the entry. A failed refetch
 * keeps the entry shown (the query keeps its data), so only a first load that failed shows the failure.
 */
export function ConsoleEntryPage<T>({
  entry,
  singular,
  children,
}: {
  entry: UseQueryResult<T>;
  singular: string;
  children: (data: T) => ReactNode;
}) {
  const { data } = entry;
  if (entry.isError && data === undefined) {
    return (
      <ConsoleEntryFailure
        singular={singular}
        error={entry.error}
        onRetry={() => void entry.refetch()}
        isRetrying={entry.isRefetching}
      />
    );
  }
  if (data === undefined) return <ConsoleEntryLoading />;
  return children(data);
}
