import { Suspense } from 'react';
import { formatMoney, MAX_ORDER_QUANTITY } from '@cypher/contract';
import { useSession } from '../../../lib/session.ts';
import { Button } from '../../../ui/button.tsx';
import { ButtonLink } from '../../../ui/button-link.tsx';
import { formatCount } from '../../../lib/format.ts';
import { CardGrid, CardGridSkeleton } from '../../../ui/card-grid.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { useTicketKindsOnSale } from '../api/list-ticket-kinds.ts';
import { LazyPurchaseDialog, loadPurchaseDialog } from './buy-button.tsx';
import { PurchaseClosedNotice } from './purchase-closed-notice.tsx';
import { usePurchasePopup } from '../use-purchase-popup.ts';
import { TicketCard } from './ticket-card.tsx';
import styles from './tickets.module.css';

/**
 * The kinds on sale now, cheapest first, each with its price and how many one order may hold, and Buy: the shared
 * purchase popup (the order flow's, as for packs and passes), opened again by `?buy=<kind>` after adding funds.
 * Visitors are sent to sign in first.
 */
export function TicketsOnSale() {
  const { isLoggedIn } = useSession();
  const popup = usePurchasePopup();
  const kinds = useTicketKindsOnSale();
  if (kinds.isPending) return <CardGridSkeleton count={2} label="Loading tickets on sale" />;
  if (kinds.isError && !kinds.data) {
    return (
      <ErrorState
        title="We could not load the tickets on sale"
        error={kinds.error}
        onRetry={() => void kinds.refetch()}
        isRetrying={kinds.isFetching}
      />
    );
  }
  const chosen = isLoggedIn ? kinds.data.items.find((kind) => kind.id === popup.chosen) : undefined;
  // The popup's kind went off sale while it was open (its Pay or quote refused, the list read again) or before the
  // address was opened.
  const goneNotice =
    isLoggedIn && popup.chosen !== null && !chosen ? (
      <PurchaseClosedNotice title="This ticket is not on sale right now" onDismiss={popup.close}>
        It may be back on sale later. The tickets you already hold stay under My tickets.
      </PurchaseClosedNotice>
    ) : null;
  if (kinds.data.items.length === 0) {
    return (
      <>
        {goneNotice}
        <EmptyState
          icon="ticket"
          title="No tickets on sale right now"
          body="Tickets go on sale before raffle rounds open. Check back when a drop announces one."
        />
      </>
    );
  }
  return (
    <>
      {goneNotice}
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
              action={
                isLoggedIn ? (
                  <Button
                    size="sm"
                    onClick={() => popup.open(kind.id)}
                    onPointerEnter={() => void loadPurchaseDialog()}
                    onFocus={() => void loadPurchaseDialog()}
                  >
                    Buy<span className="visually-hidden"> {kind.name}</span>
                  </Button>
                ) : (
                  <ButtonLink size="sm" variant="secondary" to={`/signin?redirectTo=${encodeURIComponent('/tickets')}`}>
                    Sign in to buy<span className="visually-hidden"> {kind.name}</span>
                  </ButtonLink>
                )
              }
            />
          </li>
        ))}
      </CardGrid>
      {chosen ? (
        <Suspense fallback={null}>
          <LazyPurchaseDialog
            item={{
              request: { ticketKindId: chosen.id },
              title: `Buy ${chosen.name}`,
              returnTo: `/tickets?buy=${chosen.id}`,
              unit: { one: 'ticket', other: 'tickets' },
            }}
            isOpen
            onClose={popup.close}
            maxQuantity={Math.min(MAX_ORDER_QUANTITY, chosen.maxPerOrder)}
            onDropChanged={() => void kinds.refetch()}
          />
        </Suspense>
      ) : null}
    </>
  );
}
