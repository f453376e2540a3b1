import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TBrand } from '@cypher/contract';
import { queryKeys } from '../../../api/query-keys.ts';
import { getCatalog } from './catalog-request.ts';

/** `GET /v1/brands/:idOrSlug`: a published brand, by id or by slug (banners link by slug). */
function getBrand(idOrSlug: string, signal?: AbortSignal): Promise<TBrand> {
  return getCatalog(`/brands/${encodeURIComponent(idOrSlug)}`, undefined, signal);
}

function brandQueryOptions(idOrSlug: string) {
  return queryOptions({
    queryKey: queryKeys.brands.detail(idOrSlug),
    queryFn: ({ signal }) => getBrand(idOrSlug, signal),
  });
}

export function useBrand(idOrSlug: string) {
  return useQuery(brandQueryOptions(idOrSlug));
}
