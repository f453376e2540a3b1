import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TFavorite, TPage, TPageQuery } from '@cypher/contract';
import { apiRequest } from '../../../api/client.ts';
import { queryKeys } from '../../../api/query-keys.ts';

/**
 * `GET /v1/favorites/others/{id}`: a collector's favorites, newest first, public to anyone; COLLECTOR_NOT_FOUND (404)
 * for an unknown or deleted account.
 */
async function listCollectorFavorites(userId: string, query: TPageQuery, signal?: AbortSignal) {
  return apiRequest<TPage<TFavorite>>('GET', `/favorites/others/${encodeURIComponent(userId)}`, { query, signal });
}

function collectorFavoritesQueryOptions(userId: string, query: TPageQuery) {
  return queryOptions({
    queryKey: queryKeys.favorites.ofCollector(userId, query),
    queryFn: ({ signal }) => listCollectorFavorites(userId, query, signal),
  });
}

export function useCollectorFavorites(userId: string, query: TPageQuery, { isEnabled = true } = {}) {
  return useQuery({
    ...collectorFavoritesQueryOptions(userId, query),
    enabled: isEnabled,
    placeholderData: keepPreviousData,
  });
}
