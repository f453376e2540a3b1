import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ZMyCollection, type TMyCollection, type TMyCollectionQuery } from '@cypher/contract';
import { apiRequest } from '../../../api/client.ts';
import { queryKeys } from '../../../api/query-keys.ts';

/** `GET /v1/editions`: my collection, a page at a time, brand after brand, with every brand's count. */
async function listMyEditions(query: TMyCollectionQuery, signal?: AbortSignal): Promise<TMyCollection> {
  return ZMyCollection.parse(await apiRequest('GET', '/editions', { auth: true, query, signal }));
}

export function useMyEditions(query: TMyCollectionQuery, { isEnabled = true }: { isEnabled?: boolean } = {}) {
  return useQuery({
    enabled: isEnabled,
    ...queryOptions({
      queryKey: queryKeys.editions.list(query),
      queryFn: ({ signal }) => listMyEditions(query, signal),
    }),
    // Changing a filter keeps the last page on screen (dimmed) until the next one arrives.
    placeholderData: keepPreviousData,
  });
}
