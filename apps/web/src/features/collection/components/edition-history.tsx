import { activityActorWords, activityWords } from '../../../lib/activity-words.ts';
import { useFormatDateTime } from '../../../lib/use-format-date-time.ts';
import { Button } from '../../../ui/button.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { Skeleton } from '../../../ui/skeleton.tsx';
import { Timeline } from '../../../ui/timeline.tsx';
import { useEditionHistory } from '../api/get-edition-history.ts';
import styles from './nft-page.module.css';

/**
 * The edition's history, oldest first: minted, bought, opened, and every move since, with who and when; a long life
 * goes on with "Show more" (the feed's cursor).
 */
export function EditionHistory({ editionId }: { editionId: string }) {
  const formatDateTime = useFormatDateTime();
  const history = useEditionHistory(editionId);
  if (history.isPending) {
    return (
      <div role="status" aria-busy="true" aria-label="Loading the history">
        <Skeleton height="160px" radius="var(--radius-md)" />
      </div>
    );
  }
  if (history.isError && !history.data) {
    return (
      <ErrorState
        title="We could not load the history"
        error={history.error}
        onRetry={() => void history.refetch()}
        isRetrying={history.isRefetching}
      />
    );
  }
  const entries = history.data.pages.flatMap((page) => page.items);
  return (
    <div className={styles.historyFeed}>
      <Timeline
        label="Edition history"
        steps={entries.map((entry, index) => ({
          key: entry.id ?? `minted-${index}`,
          title: activityWords[entry.kind].verb,
          meta: [
            formatDateTime(entry.createdAt),
            activityActorWords(entry.kind, entry.actor),
            entry.counterpartAddress ? `to ${entry.counterpartAddress}` : null,
          ]
            .filter(Boolean)
            .join(' · '),
        }))}
      />
      {history.hasNextPage ? (
        <Button
          onClick={() => void history.fetchNextPage()}
          isLoading={history.isFetchingNextPage}
          className={styles.more}
        >
          Show more
        </Button>
      ) : null}
      {history.isFetchNextPageError ? (
        <p role="alert" className={styles.feedError}>
          {history.error?.message}
        </p>
      ) : null}
    </div>
  );
}
