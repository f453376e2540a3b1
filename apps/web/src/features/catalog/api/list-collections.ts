import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TCollection, TPage } from '@cypher/contract';
import { queryKeys } from '../../../api/query-keys.ts';
import { getCatalog, withoutEmpty } from './catalog-request.ts';

export type TCollectionListParams = { page?: number; size?: number; brandId?: string; licenseId?: string };

/** `GET /v1/collections`: published collections, by brand or license, in their display order. */
function listCollections(params: TCollectionListParams, signal?: AbortSignal): Promise<TPage<TCollection>> {
  return getCatalog('/collections', params, signal);
}

function collectionsQueryOptions(params: TCollectionListParams) {
  const query = withoutEmpty(params);
  return queryOptions({
    queryKey: queryKeys.collections.list(query),
    queryFn: ({ signal }) => listCollections(query, signal),
  });
}

export function useCollections(params: TCollectionListParams, options: { isEnabled?: boolean } = {}) {
  return useQuery({ ...collectionsQueryOptions(params), enabled: options.isEnabled ?? true });
}
