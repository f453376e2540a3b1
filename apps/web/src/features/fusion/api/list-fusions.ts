import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TFusionListQuery, TFusionSummary, TPage } from '@cypher/contract';
import { apiRequest } from '../../../api/client.ts';
import { queryKeys } from '../../../api/query-keys.ts';

export type TFusionListParams = Pick<TFusionListQuery, 'brandId' | 'categoryId' | 'status'> & {
  page: number;
  size: number;
};

/** Leaves unset filters out, so they neither reach the API nor split the cache. */
function withoutEmpty(params: TFusionListParams): TFusionListParams {
  return Object.fromEntries(
    Object.entries(params).filter(([, value]) => value !== undefined && value !== ''),
  ) as TFusionListParams;
}

/** `GET /v1/fusions?brandId&categoryId&status&page&size`: public, a page at a time. */
async function listFusions(params: TFusionListParams, signal?: AbortSignal): Promise<TPage<TFusionSummary>> {
  return apiRequest<TPage<TFusionSummary>>('GET', '/fusions', { query: { ...params }, signal });
}

function fusionsQueryOptions(params: TFusionListParams) {
  const query = withoutEmpty(params);
  return queryOptions({
    queryKey: queryKeys.fusions.list({ ...query }),
    queryFn: ({ signal }) => listFusions(query, signal),
    // A new filter or page keeps the previous cards on screen (dimmed) instead of flashing the skeleton.
    placeholderData: keepPreviousData,
  });
}

export function useFusions(params: TFusionListParams) {
  return useQuery(fusionsQueryOptions(params));
}
