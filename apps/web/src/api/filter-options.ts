import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TBrand, TCategory, TPage } from '@cypher/contract';
import { catalogReadCache } from './catalog-freshness.ts';
import { apiRequest } from './client.ts';
import { queryKeys } from './query-keys.ts';

/**
 * A list's brand and category filters (fusions, drops): published brands by name and every category. The same reads,
 * under the same cache keys, as the products page's filters (features/catalog), so a visitor coming from there reads
 * them once.
 */
const BRANDS = { size: 100, sort: 'name' };
const CATEGORIES = { size: 100 };

function brandOptionsQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.brands.list(BRANDS),
    queryFn: ({ signal }) =>
      apiRequest<TPage<TBrand>>('GET', '/brands', { query: BRANDS, signal, cache: catalogReadCache() }),
    staleTime: 5 * 60_000,
  });
}

function categoryOptionsQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.categories.list(CATEGORIES),
    queryFn: ({ signal }) =>
      apiRequest<TPage<TCategory>>('GET', '/categories', { query: CATEGORIES, signal, cache: catalogReadCache() }),
    staleTime: 5 * 60_000,
  });
}

/** `GET /v1/brands?size=100&sort=name` */
export function useBrandOptions() {
  return useQuery(brandOptionsQueryOptions());
}

/** `GET /v1/categories?size=100` */
export function useCategoryOptions() {
  return useQuery(categoryOptionsQueryOptions());
}
