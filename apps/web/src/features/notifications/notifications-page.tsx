import { Link } from 'react-router';
import type { TNotification } from '@cypher/contract';
import { formatCount, formatDateTime } from '../../lib/format.ts';
import { safeRedirectPath } from '../../lib/safe-redirect.ts';
import { fromNotification } from '../../lib/from-notification.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { ButtonLink } from '../../ui/button-link.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { ErrorState } from '../../ui/error-state.tsx';
import { Icon, type IconName } from '../../ui/icon.tsx';
import { PageMeta } from '../../ui/page-meta.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import { useMarkAllNotificationsRead } from './api/mark-all-notifications-read.ts';
import { useMarkNotificationRead } from './api/mark-notification-read.ts';
import { useNotifications } from './api/list-notifications.ts';
import rowList from '../../ui/row-list.module.css';
import styles from './notifications-page.module.css';

const stageIcons: Record<TNotification['stage'], IconName> = {
  PENDING: 'clock',
  SUCCESSFUL: 'check',
  FAILED: 'alert',
  TIMED_OUT: 'clock',
  OPENED: 'bell',
};

/** What a wallet notice, a reminder or a ticket is about says more than its stage; the stage still colours it. */
const kindIcons: Partial<Record<TNotification['kind'], IconName>> = {
  DROP_REMINDER: 'bell',
  TICKET: 'ticket',
  DEPOSIT: 'wallet',
  WITHDRAWAL: 'wallet',
  // What a check-in, a code or an airdrop gave (issue 20).
  ATTENDANCE: 'calendar',
  REDEEM: 'gift',
  AIRDROP: 'package',
};

/**
 * `/notifications` (signed in): every stage of my purchases (and later tickets, passes, fusions, airdrops,
 * redeems), funds added, each step of my withdrawals and the drop rounds I asked to be reminded of, newest first,
 * unread ones lit. A purchase's or withdrawal's later stage has already read its earlier one (the API), so the unread
 * count is what still needs me. Following one marks it read; "Mark all read" reads them all.
 */
export default function NotificationsPage() {
  const feed = useNotifications();
  const markAll = useMarkAllNotificationsRead();
  const unreadCount = feed.data?.pages[0]?.unreadCount ?? 0;
  const items = feed.data?.pages.flatMap((page) => page.items) ?? [];

  let content;
  if (feed.isPending) {
    content = (
      <ul className={rowList.list} aria-busy="true" aria-label="Loading your notifications">
        {[0, 1, 2, 3].map((index) => (
          <li key={index} className={styles.skeletonRow}>
            <Skeleton width="50%" />
            <Skeleton width="80%" />
          </li>
        ))}
      </ul>
    );
  } else if (feed.isError && !feed.data) {
    content = (
      <ErrorState
        title="We could not load your notifications"
        error={feed.error}
        onRetry={() => void feed.refetch()}
        isRetrying={feed.isFetching}
      />
    );
  } else if (items.length === 0) {
    content = (
      <EmptyState
        icon="bell"
        title="No notifications yet"
        body="Your purchases of packs, passes and tickets, funds you add and withdraw, fusions, airdrops, redeemed codes, check-in rewards and the drop rounds you ask to be reminded of show up here. See which drops are on sale now."
        action={
          <ButtonLink to="/drops" variant="primary">
            Browse drops
          </ButtonLink>
        }
      />
    );
  } else {
    content = (
      <>
        <ul className={rowList.list} aria-label="Notifications">
          {items.map((item) => (
            <NotificationRow key={item.id} notification={item} />
          ))}
        </ul>
        {feed.isFetchNextPageError ? <Alert tone="error">{feed.error?.message}</Alert> : null}
        {feed.hasNextPage ? (
          <div className={styles.more}>
            <Button onClick={() => void feed.fetchNextPage()} isLoading={feed.isFetchingNextPage}>
              Load more
            </Button>
          </div>
        ) : null}
      </>
    );
  }

  return (
    <div className={`container ${styles.page}`}>
      <PageMeta title="Notifications" />
      <header className={styles.header}>
        <div className={styles.heading}>
          <h1 className={styles.title}>Notifications</h1>
          <p className={styles.muted} aria-live="polite">
            {feed.data ? (unreadCount === 0 ? 'All caught up.' : `${formatCount(unreadCount)} unread`) : ' '}
          </p>
        </div>
        {items.length > 0 ? (
          <Button
            variant="secondary"
            size="sm"
            onClick={() => {
              if (unreadCount > 0) markAll.mutate();
            }}
            // aria-disabled, not disabled: once all are read the button that was pressed keeps the focus.
            aria-disabled={unreadCount === 0 || undefined}
            isLoading={markAll.isPending}
          >
            <Icon name="check" size={16} />
            Mark all read
          </Button>
        ) : null}
      </header>
      {markAll.isError ? <Alert tone="error">{markAll.error.message}</Alert> : null}
      {content}
    </div>
  );
}

function NotificationRow({ notification }: { notification: TNotification }) {
  const markRead = useMarkNotificationRead();
  const target = safeRedirectPath(notification.linkPath, null);
  const icon = kindIcons[notification.kind] ?? stageIcons[notification.stage];
  const onFollow = () => {
    if (!notification.isRead) markRead.mutate(notification.id);
  };
  const body = (
    <>
      <span className={styles.icon} data-stage={notification.stage} data-icon={icon}>
        <Icon name={icon} size={18} />
      </span>
      <span className={styles.text}>
        <span className={styles.rowTitle}>
          {notification.isRead ? null : <span className="visually-hidden">Unread: </span>}
          {notification.title}
        </span>
        <span className={styles.body}>{notification.body}</span>
        <time className={styles.time} dateTime={notification.createdAt}>
          {formatDateTime(notification.createdAt)}
        </time>
      </span>
      {notification.isRead ? null : <span className={styles.dot} aria-hidden="true" />}
    </>
  );
  return (
    <li className={notification.isRead ? undefined : styles.unread}>
      {target ? (
        <Link
          to={target}
          state={fromNotification}
          className={`${rowList.action} ${styles.rowAction}`}
          onClick={onFollow}
        >
          {body}
        </Link>
      ) : notification.isRead ? (
        <div className={styles.rowAction}>{body}</div>
      ) : (
        <button type="button" className={`${rowList.action} ${styles.rowAction}`} onClick={onFollow}>
          {body}
          <span className="visually-hidden"> (mark as read)</span>
        </button>
      )}
    </li>
  );
}
