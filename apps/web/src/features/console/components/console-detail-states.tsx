import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ErrorState } from '../../../ui/error-state.tsx';
import { Skeleton } from '../../../ui/skeleton.tsx';
import { ConsoleHeader } from './console-header.tsx';
import { ConsoleNotFound, namesNothingHere } from './console-not-found.tsx';
import styles from './withdrawals.module.css';

interface ConsoleDetailStatesProps<TData> {
  query: UseQueryResult<TData>;
  back: { to: string; label: string };
  /** The page's title while its entry loads or fails: "Airdrop". */
  title: string;
  /** What is loaded, in words: "airdrop" ("Loading the airdrop", "We could not load this airdrop"). */
  what: string;
  /** Said when the entry is missing or another brand's (404, 403, or an id of the wrong shape): asking again won't help. */
  notFound: { title: string; body: string };
  children: (data: TData) => ReactNode;
}

/**
 * A console detail page before its entry is there: skeletons while it loads, "not here" when it is missing or not
 * the operator's, an error with Try again otherwise; then the page itself. A failed refetch keeps the page (the caller
 * may say so), since what it shows is still the last good answer.
 */
export function ConsoleDetailStates<TData>({
  query,
  back,
  title,
  what,
  notFound,
  children,
}: ConsoleDetailStatesProps<TData>) {
  if (query.isPending) {
    return (
      <>
        <ConsoleHeader back={back} title={title} />
        <div role="status" aria-busy="true" aria-label={`Loading the ${what}`} className={styles.timelineLoading}>
          <Skeleton height="160px" radius="var(--radius-lg)" />
          <Skeleton height="240px" radius="var(--radius-lg)" />
        </div>
      </>
    );
  }
  if (query.isError && query.data === undefined) {
    if (namesNothingHere(query.error))
      return <ConsoleNotFound title={notFound.title} body={notFound.body} back={back} />;
    return (
      <>
        <ConsoleHeader back={back} title={title} />
        <ErrorState
          title={`We could not load this ${what}`}
          error={query.error}
          onRetry={() => void query.refetch()}
          isRetrying={query.isRefetching}
        />
      </>
    );
  }
  return <>{children(query.data as TData)}</>;
}
