import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TBrand, TBrandType, TPage, brandSorts } from '@cypher/contract';
import { queryKeys } from '../../../api/query-keys.ts';
import { getCatalog, withoutEmpty } from './catalog-request.ts';

export type TBrandListParams = {
  page?: number;
  size?: number;
  type?: TBrandType;
  isFeatured?: boolean;
  q?: string;
  sort?: (typeof brandSorts)[number];
};

/** `GET /v1/brands`: published brands, filtered by type, featured flag and search. */
function listBrands(params: TBrandListParams, signal?: AbortSignal): Promise<TPage<TBrand>> {
  return getCatalog('/brands', params, signal);
}

function brandsQueryOptions(params: TBrandListParams) {
  const query = withoutEmpty(params);
  return queryOptions({
    queryKey: queryKeys.brands.list(query),
    queryFn: ({ signal }) => listBrands(query, signal),
    // A new filter or page keeps the previous cards on screen (dimmed) instead of flashing the skeleton.
    placeholderData: keepPreviousData,
  });
}

export function useBrands(params: TBrandListParams) {
  return useQuery(brandsQueryOptions(params));
}
