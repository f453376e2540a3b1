import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ZBalanceHistoryItem, ZPage, type TBalanceHistoryItem, type TPage } from '@cypher/contract';
import { apiRequest } from '../../../api/client.ts';
import { queryKeys } from '../../../api/query-keys.ts';

const ZHistoryPage = ZPage(ZBalanceHistoryItem);
export const HISTORY_PAGE_SIZE = 10;

/** `GET /v1/balances?page&size`: my balance movements, newest first, with a receipt for each payment. */
async function listBalanceHistory(page: number, signal?: AbortSignal): Promise<TPage<TBalanceHistoryItem>> {
  return ZHistoryPage.parse(
    await apiRequest('GET', '/balances', { auth: true, signal, query: { page, size: HISTORY_PAGE_SIZE } }),
  );
}

function balanceHistoryQueryOptions(page: number) {
  return queryOptions({
    queryKey: queryKeys.balances.list({ page, size: HISTORY_PAGE_SIZE }),
    queryFn: ({ signal }) => listBalanceHistory(page, signal),
    placeholderData: keepPreviousData,
  });
}

export function useBalanceHistory(page: number) {
  return useQuery(balanceHistoryQueryOptions(page));
}
