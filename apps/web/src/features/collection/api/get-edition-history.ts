import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { ZCursorPage, ZEditionHistoryEntry, type TCursorPage, type TEditionHistoryEntry } from '@cypher/contract';
import { apiRequest } from '../../../api/client.ts';
import { queryKeys } from '../../../api/query-keys.ts';

/** Most editions' lives fit on one page; a long one shows "Show more". */
const HISTORY_PAGE_SIZE = 20;

const ZEditionHistoryPage = ZCursorPage(ZEditionHistoryEntry);

/**
 * `GET /v1/editions/{id}/histories`: what happened to the edition, oldest first, starting with its minting; it grows at
 * its end, so it pages by cursor.
 */
async function getEditionHistory(
  id: string,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<TCursorPage<TEditionHistoryEntry>> {
  return ZEditionHistoryPage.parse(
    await apiRequest('GET', `/editions/${encodeURIComponent(id)}/histories`, {
      query: { cursor, size: HISTORY_PAGE_SIZE },
      signal,
    }),
  );
}

export function useEditionHistory(id: string) {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: queryKeys.editions.history(id),
      queryFn: ({ signal, pageParam }) => getEditionHistory(id, pageParam, signal),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (last) => last.nextCursor ?? undefined,
    }),
  );
}
