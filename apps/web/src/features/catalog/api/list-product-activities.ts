import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { TCursorPage, TProductActivity } from '@cypher/contract';
import { queryKeys } from '../../../api/query-keys.ts';
import { getCatalog } from './catalog-request.ts';

const ACTIVITY_PAGE_SIZE = 10;

/** `GET /v1/products/:id/activities`: newest first; a feed that grows while read, so it pages by cursor. */
function listProductActivities(
  id: string,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<TCursorPage<TProductActivity>> {
  return getCatalog(
    `/products/${encodeURIComponent(id)}/activities`,
    { cursor, size: ACTIVITY_PAGE_SIZE },
    signal,
  );
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
