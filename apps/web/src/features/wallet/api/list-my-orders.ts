import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ZOrder, ZPage, type TOrder, type TPage } from '@cypher/contract';
import { apiRequest } from '../../../api/client.ts';
import { queryKeys } from '../../../api/query-keys.ts';

const ZOrdersPage = ZPage(ZOrder);
export const ORDERS_PAGE_SIZE = 10;

/** `GET /v1/orders?page&size`: my orders, newest first, each with its receipt once paid (the purchase history). */
async function listMyOrders(page: number, signal?: AbortSignal): Promise<TPage<TOrder>> {
  return ZOrdersPage.parse(
    await apiRequest('GET', '/orders', { auth: true, signal, query: { page, size: ORDERS_PAGE_SIZE } }),
  );
}

function myOrdersQueryOptions(page: number) {
  return queryOptions({
    queryKey: queryKeys.orders.list({ page, size: ORDERS_PAGE_SIZE }),
    queryFn: ({ signal }) => listMyOrders(page, signal),
    placeholderData: keepPreviousData,
  });
}

export function useMyOrders(page: number) {
  return useQuery(myOrdersQueryOptions(page));
}
