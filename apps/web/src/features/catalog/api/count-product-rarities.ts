import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TRarityCount } from '@cypher/contract';
import { queryKeys } from '../../../api/query-keys.ts';
import { getCatalog, withoutEmpty } from './catalog-request.ts';

export type TRarityCountParams = { brandId?: string; collectionId?: string };

/** `GET /v1/products/rarities`: every rarity, rarest last, with how many published products have it. */
function countProductRarities(params: TRarityCountParams, signal?: AbortSignal): Promise<TRarityCount[]> {
  return getCatalog('/products/rarities', params, signal);
}

function productRaritiesQueryOptions(params: TRarityCountParams) {
  const query = withoutEmpty(params);
  return queryOptions({
    queryKey: queryKeys.products.rarities(query),
    queryFn: ({ signal }) => countProductRarities(query, signal),
  });
}

export function useProductRarities(params: TRarityCountParams) {
  return useQuery(productRaritiesQueryOptions(params));
}
