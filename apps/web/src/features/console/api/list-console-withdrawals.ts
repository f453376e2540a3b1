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

/** `GET /v1/console/withdrawals` (admins): withdrawal requests with the full payout details, by status. */
export async function listConsoleWithdrawals(
  params: TConsoleWithdrawalsParams,
  signal?: AbortSignal,
): Promise<TPage<TConsoleWithdrawal>> {
  const answer = await apiRequest('GET', '/console/withdrawals', { query: params, auth: true, signal });
  return ZPage(ZConsoleWithdrawal).parse(answer);
}

/**
 * The console list, newest first. The API answers oldest first (its review-queue order) and takes no sort, so this
 * counts the matches, then reads the one or two API pages that hold the wanted newest-first page and reverses them.
 * A request that arrives in between shifts the pages by one; when the count moved, it reads once more.
 */
export async function listConsoleWithdrawalsNewestFirst(
  { page = 1, size = 20, status }: TConsoleWithdrawalsParams,
  signal?: AbortSignal,
): Promise<TPage<TConsoleWithdrawal>> {
  let { total } = await listConsoleWithdrawals({ page: 1, size: 1, status }, signal);
  for (let attempt = 0; ; attempt += 1) {
    const end = total - (page - 1) * size;
    if (end <= 0) return { items: [], page, size, total };
    const start = Math.max(0, end - size);
    const firstPage = Math.floor(start / size) + 1;
    const lastPage = Math.floor((end - 1) / size) + 1;
    const pages = await Promise.all(
      Array.from({ length: lastPage - firstPage + 1 }, (_, index) =>
        listConsoleWithdrawals({ page: firstPage + index, size, status }, signal),
      ),
    );
    const latestTotal = pages.at(-1)?.total ?? total;
    if (latestTotal !== total && attempt === 0) {
      total = latestTotal;
      continue;
    }
    const offset = (firstPage - 1) * size;
    const items = pages.flatMap((answer) => answer.items).slice(start - offset, end - offset);
    return { items: items.reverse(), page, size, total: latestTotal };
  }
}

export function consoleWithdrawalsQueryOptions(params: TConsoleWithdrawalsParams) {
  const query = Object.fromEntries(Object.entries(params).filter(([, value]) => value !== undefined));
  return queryOptions({
    queryKey: queryKeys.console.list('withdrawals', query),
    queryFn: ({ signal }) => listConsoleWithdrawalsNewestFirst(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useConsoleWithdrawals(params: TConsoleWithdrawalsParams) {
  return useQuery(consoleWithdrawalsQueryOptions(params));
}
