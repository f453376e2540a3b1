import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TOrderFee } from '@cypher/contract';
import { apiRequest } from '../../../api/client.ts';
import { queryKeys } from '../../../api/query-keys.ts';

/** What an order buys: packs of a drop's open round, a pass, or tickets. */
type TOrderItemRequest = { dropId: string } | { passId: string } | { ticketKindId: string };

/**
 * `GET /v1/orders/fee?dropId&quantity` (or `passId`, `ticketKindId`): unit price, service fee and total, as the purchase popup shows
 * them.
 */
async function getOrderFee(item: TOrderItemRequest, quantity: number, signal?: AbortSignal): Promise<TOrderFee> {
  return apiRequest<TOrderFee>('GET', '/orders/fee', { auth: true, signal, query: { ...item, quantity } });
}

function orderFeeQueryOptions(item: TOrderItemRequest, quantity: number) {
  return queryOptions({
    queryKey: queryKeys.orders.fee({ ...item, quantity }),
    queryFn: ({ signal }) => getOrderFee(item, quantity, signal),
    // A new quantity keeps the last figures on screen (dimmed) instead of flashing a skeleton.
    placeholderData: keepPreviousData,
  });
}

export function useOrderFee(item: TOrderItemRequest, quantity: number) {
  return useQuery(orderFeeQueryOptions(item, quantity));
}
