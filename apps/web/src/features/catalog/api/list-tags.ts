import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TPage, TTag } from '@cypher/contract';
import { queryKeys } from '../../../api/query-keys.ts';
import { getCatalog } from './catalog-request.ts';

const ALL = { size: 100 };

/** `GET /v1/tags`: tags by name (the filter offers the first hundred). */
function listTags(signal?: AbortSignal): Promise<TPage<TTag>> {
  return getCatalog('/tags', ALL, signal);
}

function tagsQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.tags.list(ALL),
    queryFn: ({ signal }) => listTags(signal),
    staleTime: 5 * 60_000,
  });
}

export function useTags() {
  return useQuery(tagsQueryOptions());
}
