import { activityWords } from '../../../lib/activity-words.ts';
import { useFormatDateTime } from '../../../lib/use-format-date-time.ts';
import { ErrorState } from '../../../ui/error-state.tsx';
import { Skeleton } from '../../../ui/skeleton.tsx';
import { Timeline } from '../../../ui/timeline.tsx';
import { useEditionHistory } from '../api/get-edition-history.ts';

/** The edition's history, oldest first: minted, bought, opened, and every move since, with who and when. */
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
  return (
    <Timeline
      label="Edition history"
      steps={history.data.map((entry, index) => ({
        key: entry.id ?? `minted-${index}`,
        title: activityWords[entry.kind].verb,
        meta: [
          formatDateTime(entry.createdAt),
          entry.actor ? `by ${entry.actor.nickname ?? 'a collector'}` : null,
          entry.counterpartAddress ? `to ${entry.counterpartAddress}` : null,
        ]
          .filter(Boolean)
          .join(' · '),
      }))}
    />
  );
}
