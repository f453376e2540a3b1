import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  ZConsoleWithdrawal,
  ZPage,
  type TConsoleWithdrawal,
  type TPage,
  type TWithdrawalStatus,
} from '@cypher/contract';
import { apiRequest } from '../../../api/client.ts';
import { queryKeys } from '../../../api/query-keys.ts';

export type TConsoleWithdrawalsParams = { page?: number; size?: number; status?: TWithdrawalStatus };

/**
 * `GET /v1/console/withdrawals` (admins): withdrawal requests with the full payout details, newest first (the API's
 * default order), by status; one page per call.
 */
export async function listConsoleWithdrawals(
  params: TConsoleWithdrawalsParams,
  signal?: AbortSignal,
): Promise<TPage<TConsoleWithdrawal>> {
  const answer = await apiRequest('GET', '/console/withdrawals', { query: params, auth: true, signal });
  return ZPage(ZConsoleWithdrawal).parse(answer);
}

function consoleWithdrawalsQueryOptions(params: TConsoleWithdrawalsParams) {
  const query = Object.fromEntries(Object.entries(params).filter(([, value]) => value !== undefined));
  return queryOptions({
    queryKey: queryKeys.console.list('withdrawals', query),
    queryFn: ({ signal }) => listConsoleWithdrawals(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useConsoleWithdrawals(params: TConsoleWithdrawalsParams) {
  return useQuery(consoleWithdrawalsQueryOptions(params));
}
