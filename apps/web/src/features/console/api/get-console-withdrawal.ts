import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { errorCatalogue, type TConsoleWithdrawal, type TPage } from '@cypher/contract';
import { ApiError } from '../../../api/api-error.ts';
import { queryKeys } from '../../../api/query-keys.ts';
import { listConsoleWithdrawals } from './list-console-withdrawals.ts';

// The most the API gives per page: a deep link reads as few pages as it can.
const SCAN_PAGE_SIZE = 100;

/**
 * One withdrawal for its console page. The API has no `GET /v1/console/withdrawals/:id`, so this reads the admin
 * list a page at a time until it meets the id; a withdrawal opened from the list shows at once from the list's cache
 * (placeholder) while this confirms it.
 */
export async function getConsoleWithdrawal(id: string, signal?: AbortSignal): Promise<TConsoleWithdrawal> {
  for (let page = 1; ; page += 1) {
    const answer = await listConsoleWithdrawals({ page, size: SCAN_PAGE_SIZE }, signal);
    const found = answer.items.find((withdrawal) => withdrawal.id === id);
    if (found) return found;
    if (page * answer.size >= answer.total || answer.items.length === 0) break;
  }
  const notFound = errorCatalogue.WITHDRAWAL_NOT_FOUND;
  throw new ApiError(notFound.status, 'WITHDRAWAL_NOT_FOUND', notFound.message);
}

/** The withdrawal as some list already in the cache holds it, if one does. */
function fromCachedLists(queryClient: QueryClient, id: string): TConsoleWithdrawal | undefined {
  const lists = queryClient.getQueriesData<TPage<TConsoleWithdrawal>>({
    queryKey: queryKeys.console.list('withdrawals'),
  });
  for (const [, list] of lists) {
    const found = list?.items.find((withdrawal) => withdrawal.id === id);
    if (found) return found;
  }
  return undefined;
}

export function consoleWithdrawalQueryOptions(id: string) {
  return queryOptions({
    queryKey: queryKeys.console.detail('withdrawals', id),
    queryFn: ({ signal }) => getConsoleWithdrawal(id, signal),
  });
}

export function useConsoleWithdrawal(id: string) {
  const queryClient = useQueryClient();
  return useQuery({ ...consoleWithdrawalQueryOptions(id), placeholderData: () => fromCachedLists(queryClient, id) });
}
