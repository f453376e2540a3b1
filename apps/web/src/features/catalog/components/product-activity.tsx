import type { TActivityKind, TProductActivity } from '@cypher/contract';
import { formatCount, formatDateTime } from '../../../lib/format.ts';
import { Button } from '../../../ui/button.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { Icon, type IconName } from '../../../ui/icon.tsx';
import { Skeleton } from '../../../ui/skeleton.tsx';
import { useProductActivities } from '../api/list-product-activities.ts';
import styles from './product-activity.module.css';

const kindText: Record<TActivityKind, { verb: string; icon: IconName }> = {
  MINTED: { verb: 'Minted', icon: 'sparkle' },
  PURCHASED: { verb: 'Bought', icon: 'card' },
  OPENED: { verb: 'Opened', icon: 'package' },
  EQUIPPED: { verb: 'Placed on a figure base', icon: 'frame' },
  UNEQUIPPED: { verb: 'Taken off a figure base', icon: 'frame' },
  LOCKED: { verb: 'Locked', icon: 'lock' },
  UNLOCKED: { verb: 'Unlocked', icon: 'lock' },
  LISTED: { verb: 'Listed for sale', icon: 'tag' },
  UNLISTED: { verb: 'Taken off sale', icon: 'tag' },
  SOLD: { verb: 'Sold', icon: 'tag' },
  EXPORTED: { verb: 'Exported to a wallet', icon: 'external' },
  FUSED: { verb: 'Fused', icon: 'flame' },
  BURNED: { verb: 'Used in a fusion', icon: 'flame' },
  REDEEMED: { verb: 'Redeemed', icon: 'gift' },
  AIRDROPPED: { verb: 'Airdropped', icon: 'package' },
};

function activitySentence(activity: TProductActivity): string {
  const { verb } = kindText[activity.kind];
  const edition = activity.editionNumber === null ? 'An edition' : `Edition #${formatCount(activity.editionNumber)}`;
  const who = activity.actor ? ` by ${activity.actor.nickname ?? 'a collector'}` : '';
  return `${edition} · ${verb}${who}`;
}

/** What happened to a product, newest first, ten at a time ("Show more" follows the cursor). */
export function ProductActivity({ productId }: { productId: string }) {
  const feed = useProductActivities(productId);

  if (feed.isPending) {
    return (
      <div className={styles.list} aria-busy="true" aria-label="Loading activity">
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
              <Icon name={kindText[activity.kind].icon} size={18} />
            </span>
            <span className={styles.text}>{activitySentence(activity)}</span>
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
