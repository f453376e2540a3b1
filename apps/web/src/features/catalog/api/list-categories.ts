import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TCategory, TPage } from '@cypher/contract';
import { queryKeys } from '../../../api/query-keys.ts';
import { getCatalog } from './catalog-request.ts';

// Categories are a short, curated list: one page holds them all.
const ALL = { size: 100 };

/** `GET /v1/categories`: every category, in display order. */
function listCategories(signal?: AbortSignal): Promise<TPage<TCategory>> {
  return getCatalog('/categories', ALL, signal);
}

function categoriesQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.categories.list(ALL),
    queryFn: ({ signal }) => listCategories(signal),
    staleTime: 5 * 60_000,
  });
}

export function useCategories() {
  return useQuery(categoriesQueryOptions());
}
