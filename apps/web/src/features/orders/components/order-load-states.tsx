import type { UseQueryResult } from '@tanstack/react-query';
import { errorCatalogue, type TOrder } from '@cypher/contract';
import { isApiError } from '../../../api/api-error.ts';
import { myPacksPath } from '../../../lib/drop-paths.ts';
import { ButtonLink } from '../../../ui/button-link.tsx';
import { DetailError, DetailSkeleton } from '../../../ui/detail-states.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { PageMeta } from '../../../ui/page-meta.tsx';
import styles from './orders.module.css';

/** No such order of this person's (ORDER_NOT_FOUND, or an address whose id is not an order id at all). */
function isMissingOrder(error: unknown): boolean {
  return isApiError(error) && (error.code === 'ORDER_NOT_FOUND' || error.status === 404);
}

/**
 * An order's page until the order is first read: the purchase and its status page both show the skeleton, then the
 * page, or "not found" with the ways on (asking again would not find it), or another failure with a retry. Once read,
 * a read again that fails keeps the order on screen (the pages show this only while there is no order yet).
 */
export function OrderLoadStates({ order }: { order: UseQueryResult<TOrder> }) {
  if (order.isError && isMissingOrder(order.error)) return <OrderNotFound />;
  if (order.isError) {
    return (
      <DetailError
        what="order"
        error={order.error}
        onRetry={() => void order.refetch()}
        isRetrying={order.isRefetching}
        browseTo="/payment?tab=purchases"
        browseLabel="See your purchases"
      />
    );
  }
  return <DetailSkeleton label="Loading your purchase" />;
}

function OrderNotFound() {
  return (
    <div className={`container ${styles.notFound}`}>
      <PageMeta title="Order not found" />
      <EmptyState
        icon="package"
        titleAs="h1"
        title="Order not found"
        body={`${errorCatalogue.ORDER_NOT_FOUND.message} The link may be incomplete, or the order belongs to another account. Your own purchases and packs are here:`}
        action={
          <>
            <ButtonLink to="/payment?tab=purchases" variant="primary">
              See your purchases
            </ButtonLink>
            <ButtonLink to={myPacksPath} variant="secondary">
              My packs
            </ButtonLink>
            <ButtonLink to="/drops" variant="secondary">
              Browse drops
            </ButtonLink>
          </>
        }
      />
    </div>
  );
}
