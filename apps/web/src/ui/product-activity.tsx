import type { TProductActivity } from '@cypher/contract';
import { Link } from 'react-router';
import { useProductActivities } from '../api/product-activities.ts';
import { activityActorWords, activityWords } from '../lib/activity-words.ts';
import { nftPath } from '../lib/collection-paths.ts';
import { formatCount } from '../lib/format.ts';
import { useFormatDateTime } from '../lib/use-format-date-time.ts';
import { Button } from './button.tsx';
import { EmptyState } from './empty-state.tsx';
import { ErrorState } from './error-state.tsx';
import { Icon } from './icon.tsx';
import { Skeleton } from './skeleton.tsx';
import styles from './product-activity.module.css';

/** "Edition #1,234 · Bought by Mika", the edition's words a link to its NFT page when it has one to show. */
function ActivitySentence({ activity }: { activity: TProductActivity }) {
  const { verb } = activityWords[activity.kind];
  const edition = activity.editionNumber === null ? 'An edition' : `Edition #${formatCount(activity.editionNumber)}`;
  const who = activityActorWords(activity.kind, activity.actor);
  return (
    <span className={styles.text}>
      {activity.editionId ? (
        <Link to={nftPath(activity.editionId)} className={styles.edition}>
          {edition}
        </Link>
      ) : (
        edition
      )}
      {` · ${verb}${who ? ` ${who}` : ''}`}
    </span>
  );
}

/**
 * What happened to a product's editions, newest first, ten at a time ("Show more" follows the cursor): the product
 * page's activity and the NFT page's collection activity.
 */
export function ProductActivity({ productId }: { productId: string }) {
  const formatDateTime = useFormatDateTime();
  const feed = useProductActivities(productId);

  if (feed.isPending) {
    return (
      <div className={styles.list} role="status" aria-busy="true" aria-label="Loading activity">
        {Array.from({ length: 4 }, (_, index) => (
          <Skeleton key={index} height="56px" radius="var(--radius-md)" />
        ))}
      </div>
    );
  }
  if (feed.isError && !feed.data) {
    return (
      <ErrorState
        title="We could not load the activity"
        error={feed.error}
        onRetry={() => void feed.refetch()}
        isRetrying={feed.isRefetching}
        titleAs="h3"
      />
    );
  }
  const activities = feed.data.pages.flatMap((page) => page.items);
  if (activities.length === 0) {
    return (
      <EmptyState
        icon="clock"
        titleAs="h3"
        title="No activity yet"
        body="Mints, purchases, fusions and redemptions of this product will show here."
      />
    );
  }
  return (
    <div className={styles.feed}>
      <ol className={styles.list}>
        {activities.map((activity) => (
          <li key={activity.id} className={styles.item}>
            <span className={styles.icon} aria-hidden="true">
              <Icon name={activityWords[activity.kind].icon} size={18} />
            </span>
            <ActivitySentence activity={activity} />
            <time className={styles.time} dateTime={activity.createdAt}>
              {formatDateTime(activity.createdAt)}
            </time>
          </li>
        ))}
      </ol>
      {feed.hasNextPage ? (
        <Button onClick={() => void feed.fetchNextPage()} isLoading={feed.isFetchingNextPage} className={styles.more}>
          Show more
        </Button>
      ) : null}
      {feed.isFetchNextPageError ? (
        <p role="alert" className={styles.error}>
          {feed.error?.message}
        </p>
      ) : null}
    </div>
  );
}
