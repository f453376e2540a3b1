import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ZMyCollection, type TEdition, type TMyCollection, type TMyCollectionQuery } from '@cypher/contract';
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

/** Pages of 100 read at most for one collection's set: 2,000 editions, far past what a set page needs to be right. */
const MOST_PAGES_OF_A_SET = 20;

/**
 * Every edition I hold of one collection, rarest first (up to 2,000), for its set page: which of its products I hold.
 * One page of 100 was not enough: a collector with more editions of the collection than that saw the commons they
 * hold marked missing.
 */
export function useMyEditionsOfCollection(collectionId: string, { isEnabled = true }: { isEnabled?: boolean } = {}) {
  return useQuery({
    enabled: isEnabled,
    queryKey: queryKeys.editions.list({ collectionId, sort: 'rarity', pages: 'all' }),
    queryFn: async ({ signal }): Promise<TEdition[]> => {
      const pageOf = (page: number) => listMyEditions({ page, size: 100, collectionId, sort: 'rarity' }, signal);
      const first = await pageOf(1);
      const pageCount = Math.min(Math.ceil(first.total / 100), MOST_PAGES_OF_A_SET);
      const rest = await Promise.all(
        Array.from({ length: Math.max(pageCount - 1, 0) }, (_, index) => pageOf(index + 2)),
      );
      return [first, ...rest].flatMap((page) => page.items);
    },
  });
}
