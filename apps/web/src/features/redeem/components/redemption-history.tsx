import { Link } from 'react-router';
import type { TRedemption } from '@cypher/contract';
import { useFormatDateTime } from '../../../lib/use-format-date-time.ts';
import { grantDestination } from '../../../lib/grant-paths.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { GrantThumb, grantTitle } from '../../../ui/grant-delivery.tsx';
import { Pagination } from '../../../ui/pagination.tsx';
import rowList from '../../../ui/row-list.module.css';
import { Skeleton } from '../../../ui/skeleton.tsx';
import { REDEMPTIONS_PAGE_SIZE, useMyRedemptions } from '../api/list-my-redemptions.ts';
import styles from './redemption-history.module.css';

const PAGE_PATH = '/profile/redeem';

/** The codes I redeemed, newest first, each with what it gave and where that lives now (`/profile/redeem?page=2`). */
export function RedemptionHistory({ page }: { page: number }) {
  const redemptions = useMyRedemptions(page);
  if (redemptions.isPending) {
    return (
      <ul className={rowList.list} aria-busy="true" aria-label="Loading your redeemed codes">
        {Array.from({ length: 3 }, (_, index) => (
          <li key={index} className={styles.row}>
            <Skeleton width="40px" height="40px" radius="var(--radius-md)" />
            <span className={styles.text}>
              <Skeleton width="50%" />
              <Skeleton width="70%" />
            </span>
          </li>
        ))}
      </ul>
    );
  }
  if (redemptions.isError && !redemptions.data) {
    return (
      <ErrorState
        title="We could not load your redeemed codes"
        error={redemptions.error}
        onRetry={() => void redemptions.refetch()}
        isRetrying={redemptions.isFetching}
      />
    );
  }
  const { items, total } = redemptions.data;
  if (total === 0) {
    return (
      <EmptyState
        icon="gift"
        titleAs="h3"
        title="No codes redeemed yet"
        body="Codes come from brands, events and the community. Each one you redeem is listed here with what it gave you."
      />
    );
  }
  return (
    <div className={styles.rows}>
      {items.length === 0 ? (
        <p className={styles.muted}>Nothing on this page. Go back to the first page for your latest codes.</p>
      ) : (
        <ul className={rowList.list} aria-label="Redeemed codes">
          {items.map((redemption) => (
            <RedemptionRow key={redemption.id} redemption={redemption} />
          ))}
        </ul>
      )}
      <Pagination
        page={redemptions.data.page}
        size={REDEMPTIONS_PAGE_SIZE}
        total={total}
        hrefFor={(next) => (next === 1 ? PAGE_PATH : `${PAGE_PATH}?page=${next}`)}
        label="Redeemed code pages"
      />
    </div>
  );
}

function RedemptionRow({ redemption }: { redemption: TRedemption }) {
  const { delivery } = redemption;
  const destination = grantDestination(delivery);
  const formatDateTime = useFormatDateTime();
  return (
    <li className={styles.row}>
      <GrantThumb grant={delivery.grant} size={40} />
      <span className={styles.text}>
        <span className={styles.title}>{grantTitle(delivery.grant, delivery.edition, delivery.pack)}</span>
        <span className={styles.muted}>
          <span className={styles.code}>{redemption.maskedCode}</span> · {redemption.batchName} ·{' '}
          <time dateTime={redemption.createdAt}>{formatDateTime(redemption.createdAt)}</time>
        </span>
      </span>
      {destination ? (
        <Link to={destination.to} className={styles.link}>
          {destination.label}
        </Link>
      ) : null}
    </li>
  );
}
