import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZMyWithdrawal, ZPage, type TMyWithdrawal, type TPage } from '@cypher/contract';
import { apiRequest } from '../../../api/client.ts';
import { queryKeys } from '../../../api/query-keys.ts';

const ZWithdrawalPage = ZPage(ZMyWithdrawal);
const SIZE = 20;

/** `GET /v1/withdrawals`: my withdrawal requests, newest first, each with its steps so far. */
async function listMyWithdrawals(signal?: AbortSignal): Promise<TPage<TMyWithdrawal>> {
  return ZWithdrawalPage.parse(
    await apiRequest('GET', '/withdrawals', { auth: true, signal, query: { page: 1, size: SIZE } }),
  );
}

export function useMyWithdrawals() {
  return useQuery(
    queryOptions({
      queryKey: queryKeys.withdrawals.list({ page: 1, size: SIZE }),
      queryFn: ({ signal }) => listMyWithdrawals(signal),
    }),
  );
}
