import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TOrder, TPage } from '@cypher/contract';
import { apiRequest } from '../../../api/client.ts';
import { queryKeys } from '../../../api/query-keys.ts';

/** The most orders the API answers per page (contract ZPageQuery). */
const ORDERS_PAGE_SIZE = 100;

/** `GET /v1/orders?page&size`: my orders, newest first, each with its claim log salt. */
async function listMyOrders(page: number, signal?: AbortSignal): Promise<TPage<TOrder>> {
  return apiRequest<TPage<TOrder>>('GET', '/orders', { auth: true, signal, query: { page, size: ORDERS_PAGE_SIZE } });
}

/**
 * My orders of one drop. The API does not filter by drop, so every page is read and kept to the drop's orders.
 */
async function listMyOrdersOfDrop(dropId: string, signal?: AbortSignal): Promise<TOrder[]> {
  const mine: TOrder[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await listMyOrders(page, signal);
    mine.push(...answer.items.filter((order) => order.drop?.id === dropId));
    if (answer.items.length === 0 || page * answer.size >= answer.total) return mine;
  }
}

function myOrdersOfDropQueryOptions(dropId: string) {
  return queryOptions({
    queryKey: queryKeys.orders.ofDrop(dropId),
    queryFn: ({ signal }) => listMyOrdersOfDrop(dropId, signal),
  });
}

export function useMyOrdersOfDrop(dropId: string, { isEnabled = true }: { isEnabled?: boolean } = {}) {
  return useQuery({ ...myOrdersOfDropQueryOptions(dropId), enabled: isEnabled });
}
