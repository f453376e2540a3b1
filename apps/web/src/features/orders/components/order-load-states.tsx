import type { UseQueryResult } from '@tanstack/react-query';
import type { TOrder } from '@cypher/contract';
import { DetailError, DetailSkeleton } from '../../../ui/detail-states.tsx';

/**
 * An order's page until the order is read: the purchase and its status page both show the skeleton, then either
 * the page or the error with a retry and the way to the person's purchases.
 */
export function OrderLoadStates({ order }: { order: UseQueryResult<TOrder> }) {
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
