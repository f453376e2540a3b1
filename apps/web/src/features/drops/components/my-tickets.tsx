import { formatCount } from '../../../lib/format.ts';
import { artCardStyles } from '../../../ui/art-card.tsx';
import { ButtonLink } from '../../../ui/button-link.tsx';
import { CardGrid, CardGridSkeleton } from '../../../ui/card-grid.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { useMyTickets } from '../api/list-my-tickets.ts';
import { TicketCard } from './ticket-card.tsx';
import { TicketHistory } from './ticket-history.tsx';
import styles from './tickets.module.css';

/**
 * My tickets (signed in): a card per kind with how many I hold and what it is for, then every grant and spend. A kind
 * I have used up stays, at 0, above its history. With none, one empty state says where tickets come from (the history
 * would be empty too: a kind is listed here from its first movement).
 */
export function MyTickets({ historyPage }: { historyPage: number }) {
  const tickets = useMyTickets();
  if (tickets.isPending) return <CardGridSkeleton count={2} label="Loading your tickets" />;
  if (tickets.isError && !tickets.data) {
    return (
      <ErrorState
        title="We could not load your tickets"
        error={tickets.error}
        onRetry={() => void tickets.refetch()}
        isRetrying={tickets.isFetching}
      />
    );
  }
  const held = tickets.data.items;
  if (held.length === 0) {
    return (
      <EmptyState
        icon="ticket"
        title="No tickets yet"
        body="Tickets enter raffle rounds of drops. Buy them below, or earn them with daily check-ins and redeem codes."
        action={
          <ButtonLink to="/drops" variant="primary">
            Browse drops
          </ButtonLink>
        }
      />
    );
  }
  return (
    <div className={styles.sections}>
      <CardGrid label="My tickets">
        {held.map(({ kind, count }) => (
          <li key={kind.id}>
            <TicketCard
              kind={kind}
              isMuted={count === 0}
              corner={
                <span
                  className={`${artCardStyles.corner} ${artCardStyles.flag} ${styles.countFlag}`}
                  aria-hidden="true"
                >
                  ×{formatCount(count)}
                </span>
              }
              figure={count === 0 ? 'All used' : `${formatCount(count)} held`}
            />
          </li>
        ))}
      </CardGrid>
      <section className={styles.section} aria-labelledby="ticket-history-title">
        <h2 id="ticket-history-title" className={styles.sectionTitle}>
          History
        </h2>
        <TicketHistory page={historyPage} />
      </section>
    </div>
  );
}
