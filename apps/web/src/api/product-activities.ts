import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { TCursorPage, TProductActivity } from '@cypher/contract';
import { catalogReadCache } from './catalog-freshness.ts';
import { apiRequest } from './client.ts';
import { queryKeys } from './query-keys.ts';

const ACTIVITY_PAGE_SIZE = 10;

/**
 * `GET /v1/products/:id/activities`: newest first; a feed that grows while read, so it pages by cursor. Beside the
 * client because the product page and the NFT page (its collection activity) both show it.
 */
function listProductActivities(
  id: string,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<TCursorPage<TProductActivity>> {
  return apiRequest<TCursorPage<TProductActivity>>('GET', `/products/${encodeURIComponent(id)}/activities`, {
    query: { cursor, size: ACTIVITY_PAGE_SIZE },
    signal,
    cache: catalogReadCache(),
  });
}

function productActivitiesQueryOptions(id: string) {
  return infiniteQueryOptions({
    queryKey: queryKeys.products.activities(id),
    queryFn: ({ signal, pageParam }) => listProductActivities(id, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

export function useProductActivities(id: string) {
  return useInfiniteQuery(productActivitiesQueryOptions(id));
}
