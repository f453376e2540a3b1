import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ZMyWithdrawal, ZPage, type TMyWithdrawal, type TPage } from '@cypher/contract';
import { apiRequest } from '../../../api/client.ts';
import { queryKeys } from '../../../api/query-keys.ts';

const ZWithdrawalPage = ZPage(ZMyWithdrawal);
export const WITHDRAWALS_PAGE_SIZE = 20;

/** `GET /v1/withdrawals?page&size`: my withdrawal requests, newest first, each with its steps so far. */
async function listMyWithdrawals(page: number, signal?: AbortSignal): Promise<TPage<TMyWithdrawal>> {
  return ZWithdrawalPage.parse(
    await apiRequest('GET', '/withdrawals', { auth: true, signal, query: { page, size: WITHDRAWALS_PAGE_SIZE } }),
  );
}

export function useMyWithdrawals(page: number) {
  return useQuery(
    queryOptions({
      queryKey: queryKeys.withdrawals.list({ page, size: WITHDRAWALS_PAGE_SIZE }),
      queryFn: ({ signal }) => listMyWithdrawals(page, signal),
      placeholderData: keepPreviousData,
    }),
  );
}
