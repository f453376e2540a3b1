import { Link } from 'react-router';
import type { TTicketMovement } from '@cypher/contract';
import { formatCount } from '../../../lib/format.ts';
import { useFormatDateTime } from '../../../lib/use-format-date-time.ts';
import { ErrorState } from '../../../ui/error-state.tsx';
import { Pagination } from '../../../ui/pagination.tsx';
import rowList from '../../../ui/row-list.module.css';
import { Skeleton } from '../../../ui/skeleton.tsx';
import { TICKET_HISTORY_PAGE_SIZE, useMyTicketHistory } from '../api/list-my-ticket-history.ts';
import styles from './tickets.module.css';

const reasonLinkText: Partial<Record<TTicketMovement['reason'], string>> = { PURCHASE: 'See the purchase' };

/** Every ticket I was given or spent, newest first, a page at a time (`/tickets?page=2`). */
export function TicketHistory({ page }: { page: number }) {
  const history = useMyTicketHistory(page);
  if (history.isPending) {
    return (
      <ul className={rowList.list} aria-busy="true" aria-label="Loading your ticket history">
        {Array.from({ length: 3 }, (_, index) => (
          <li key={index} className={styles.row}>
            <Skeleton width="60%" />
            <Skeleton width="10%" />
          </li>
        ))}
      </ul>
    );
  }
  if (history.isError && !history.data) {
    return (
      <ErrorState
        title="We could not load your ticket history"
        error={history.error}
        onRetry={() => void history.refetch()}
        isRetrying={history.isFetching}
      />
    );
  }
  // A page past the end (an old link): the pages below still lead back.
  return (
    <div className={styles.historyRows}>
      {history.data.items.length === 0 ? (
        <p className={styles.sectionLead}>Nothing on this page. Go back to the first page for your latest tickets.</p>
      ) : (
        <ul className={rowList.list} aria-label="Ticket history">
          {history.data.items.map((movement) => (
            <MovementRow key={movement.id} movement={movement} />
          ))}
        </ul>
      )}
      <Pagination
        page={history.data.page}
        size={TICKET_HISTORY_PAGE_SIZE}
        total={history.data.total}
        hrefFor={(next) => (next === 1 ? '/tickets' : `/tickets?page=${next}`)}
        label="Ticket history pages"
      />
    </div>
  );
}

function MovementRow({ movement }: { movement: TTicketMovement }) {
  const linkText = reasonLinkText[movement.reason] ?? 'See more';
  const formatDateTime = useFormatDateTime();
  return (
    <li className={styles.row}>
      <span className={styles.rowMain}>
        <span className={styles.rowTitle}>{movement.description}</span>
        <span className={styles.rowMeta}>
          <time dateTime={movement.createdAt}>{formatDateTime(movement.createdAt)}</time>
          {movement.linkPath ? (
            <>
              {' · '}
              <Link to={movement.linkPath}>{linkText}</Link>
            </>
          ) : null}
        </span>
      </span>
      <span
        className={movement.delta < 0 ? styles.deltaOut : styles.deltaIn}
        aria-label={
          movement.delta < 0 ? `${formatCount(-movement.delta)} spent` : `${formatCount(movement.delta)} added`
        }
      >
        {movement.delta > 0 ? '+' : '-'}
        {formatCount(Math.abs(movement.delta))}
      </span>
    </li>
  );
}
