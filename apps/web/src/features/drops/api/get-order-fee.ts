import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TOrderFee } from '@cypher/contract';
import { apiRequest } from '../../../api/client.ts';
import { queryKeys } from '../../../api/query-keys.ts';

/** `GET /v1/orders/fee?dropId&quantity`: unit price, service fee and total, as the purchase popup shows them. */
async function getOrderFee(dropId: string, quantity: number, signal?: AbortSignal): Promise<TOrderFee> {
  return apiRequest<TOrderFee>('GET', '/orders/fee', { auth: true, signal, query: { dropId, quantity } });
}

function orderFeeQueryOptions(dropId: string, quantity: number) {
  return queryOptions({
    queryKey: queryKeys.orders.fee({ dropId, quantity }),
    queryFn: ({ signal }) => getOrderFee(dropId, quantity, signal),
    // A new quantity keeps the last figures on screen (dimmed) instead of flashing a skeleton.
    placeholderData: keepPreviousData,
  });
}

export function useOrderFee(dropId: string, quantity: number) {
  return useQuery(orderFeeQueryOptions(dropId, quantity));
}
