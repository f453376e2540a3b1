import { formatMoney } from '@cypher/contract';
import { formatCount } from '../../../lib/format.ts';
import { CardGrid, CardGridSkeleton } from '../../../ui/card-grid.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { useTicketKindsOnSale } from '../api/list-ticket-kinds.ts';
import { TicketCard } from './ticket-card.tsx';
import styles from './tickets.module.css';

/**
 * The kinds on sale now, cheapest first, each with its price and how many one order may hold. Buying is the order
 * flow's: once POST /v2/orders takes a ticket kind, its purchase button goes in each card's `action`.
 */
export function TicketsOnSale() {
  const kinds = useTicketKindsOnSale();
  if (kinds.isPending) return <CardGridSkeleton count={2} label="Loading tickets on sale" />;
  if (kinds.isError) {
    return (
      <ErrorState
        title="We could not load the tickets on sale"
        error={kinds.error}
        onRetry={() => void kinds.refetch()}
        isRetrying={kinds.isFetching}
      />
    );
  }
  if (kinds.data.items.length === 0) {
    return (
      <EmptyState
        icon="ticket"
        title="No tickets on sale right now"
        body="Tickets go on sale before raffle rounds open. Check back when a drop announces one."
      />
    );
  }
  return (
    <CardGrid label="Tickets on sale">
      {kinds.data.items.map((kind) => (
        <li key={kind.id}>
          <TicketCard
            kind={kind}
            figure={
              <>
                {kind.price ? `${formatMoney(kind.price)} a ticket` : null}
                <span className={styles.sectionCount}> · up to {formatCount(kind.maxPerOrder)} an order</span>
              </>
            }
          />
        </li>
      ))}
    </CardGrid>
  );
}
