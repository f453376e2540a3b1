import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TBanner, TPage } from '@cypher/contract';
import { queryKeys } from '../../../api/query-keys.ts';
import { getCatalog } from './catalog-request.ts';

const HOME = { placement: 'HOME', size: 10 };

/** `GET /v1/banners`: the home page's banners that are showing now, in their display order. */
function listHomeBanners(signal?: AbortSignal): Promise<TPage<TBanner>> {
  return getCatalog('/banners', HOME, signal);
}

function homeBannersQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.banners.list(HOME),
    queryFn: ({ signal }) => listHomeBanners(signal),
  });
}

export function useHomeBanners() {
  return useQuery(homeBannersQueryOptions());
}
