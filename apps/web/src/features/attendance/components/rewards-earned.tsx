import { Link } from 'react-router';
import type { TAttendanceCheckIn } from '@cypher/contract';
import { grantDestination } from '../../../lib/grant-paths.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { GrantThumb, grantTitle } from '../../../ui/grant-delivery.tsx';
import { Pagination } from '../../../ui/pagination.tsx';
import rowList from '../../../ui/row-list.module.css';
import { Skeleton } from '../../../ui/skeleton.tsx';
import { CHECK_INS_PAGE_SIZE, useMyCheckIns } from '../api/list-my-check-ins.ts';
import { formatDay } from '../attendance-words.ts';
import styles from './rewards-earned.module.css';
import { formatCount } from '../../../lib/format.ts';

const PAGE_PATH = '/tickets/attendance';

/**
 * The rewards I earned: every check-in, newest first, with what it gave and the way to where each reward now lives, a
 * page at a time (`/tickets/attendance?page=2`). `isEnabled` waits for the attendance-today call (see the page).
 */
export function RewardsEarned({ page, isEnabled }: { page: number; isEnabled: boolean }) {
  const checkIns = useMyCheckIns(page, { isEnabled });
  if (checkIns.isPending) {
    return (
      <ul className={rowList.list} aria-busy="true" aria-label="Loading your rewards">
        {Array.from({ length: 3 }, (_, index) => (
          <li key={index} className={styles.row}>
            <Skeleton width="30%" />
            <Skeleton width="50%" />
          </li>
        ))}
      </ul>
    );
  }
  if (checkIns.isError && !checkIns.data) {
    return (
      <ErrorState
        title="We could not load your rewards"
        error={checkIns.error}
        onRetry={() => void checkIns.refetch()}
        isRetrying={checkIns.isFetching}
      />
    );
  }
  const { items, total } = checkIns.data;
  if (total === 0) {
    return (
      <EmptyState
        icon="gift"
        titleAs="h3"
        title="No rewards yet"
        body="Check in today to earn your first reward; every check-in and what it gave is listed here."
      />
    );
  }
  return (
    <div className={styles.rows}>
      {items.length === 0 ? (
        <p className={styles.muted}>Nothing on this page. Go back to the first page for your latest rewards.</p>
      ) : (
        <ul className={rowList.list} aria-label="Rewards earned">
          {items.map((checkIn) => (
            <CheckInRow key={checkIn.id} checkIn={checkIn} />
          ))}
        </ul>
      )}
      <Pagination
        page={checkIns.data.page}
        size={CHECK_INS_PAGE_SIZE}
        total={total}
        hrefFor={(next) => (next === 1 ? PAGE_PATH : `${PAGE_PATH}?page=${next}`)}
        label="Reward pages"
      />
    </div>
  );
}

function CheckInRow({ checkIn }: { checkIn: TAttendanceCheckIn }) {
  return (
    <li className={styles.row}>
      <span className={styles.when}>
        <time dateTime={checkIn.date} className={styles.day}>
          {formatDay(checkIn.date)}
        </time>{' '}
        <span className={styles.muted}>
          {checkIn.streak === 1 ? 'Day 1 of a streak' : `Day ${formatCount(checkIn.streak)} in a row`}
        </span>
      </span>
      <ul className={styles.gifts} aria-label={`Rewards of ${formatDay(checkIn.date)}`}>
        {checkIn.rewards.map((delivery, index) => {
          const destination = grantDestination(delivery);
          return (
            <li key={delivery.id} className={styles.gift}>
              <GrantThumb grant={delivery.grant} size={32} />
              <span className={styles.giftText}>
                <span className={styles.giftTitle}>
                  {grantTitle(delivery.grant, delivery.edition, delivery.pack)}
                  {index > 0 ? <span className={styles.muted}> · streak bonus</span> : null}
                </span>
                {delivery.status === 'OUT_OF_STOCK' ? (
                  <span className={styles.muted}>Ran out, or was over, before it reached you</span>
                ) : destination ? (
                  <Link to={destination.to} className={styles.giftLink}>
                    {destination.label}
                  </Link>
                ) : null}
              </span>
            </li>
          );
        })}
      </ul>
    </li>
  );
}
