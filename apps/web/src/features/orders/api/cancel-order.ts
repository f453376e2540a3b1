import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZOrder, type TOrder } from '@cypher/contract';
import { apiRequest } from '../../../api/client.ts';
import { queryKeys } from '../../../api/query-keys.ts';

/**
 * `POST /v1/orders/{id}/cancel`: a pending card or Tilia order ended by its buyer; its packs or passes go back on sale.
 * Asked again, the API answers the cancelled order, so no idempotency key is needed for a retry to be safe.
 */
async function cancelOrder(id: string): Promise<TOrder> {
  return ZOrder.parse(await apiRequest('POST', `/orders/${encodeURIComponent(id)}/cancel`, { auth: true }));
}

/**
 * The answer is the order as it now stands: the status page shows it at once (and, seeing it decided, refreshes what
 * the order changed); the purchase lists read it again.
 */
export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => cancelOrder(id),
    onSuccess: (order) => {
      queryClient.setQueryData(queryKeys.orders.detail(order.id), order);
      void queryClient.invalidateQueries({ queryKey: queryKeys.orders.lists() });
    },
  });
}
