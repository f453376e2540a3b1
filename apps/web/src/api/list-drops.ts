import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TDrop, TDropsQuery, TPage } from '@cypher/contract';
import { apiRequest } from './client.ts';
import { queryKeys } from './query-keys.ts';

export type TDropsListStatus = NonNullable<TDropsQuery['status']>;

export interface TDropsListParams {
  status: TDropsListStatus;
  page: number;
  size: number;
  /** One brand's drops only (its page). */
  brandId?: string;
}

/**
 * `GET /v1/drops?status&page&size&brandId`: public (NONE drops are never listed). One tab of the drops page, and
 * what is on sale now and opens next on the home page and a brand's page.
 */
async function listDrops(params: TDropsListParams, signal?: AbortSignal): Promise<TPage<TDrop>> {
  return apiRequest<TPage<TDrop>>('GET', '/drops', { query: { ...params }, signal });
}

function dropsQueryOptions(params: TDropsListParams) {
  return queryOptions({
    queryKey: queryKeys.drops.list({ ...params }),
    queryFn: ({ signal }) => listDrops(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useDrops(params: TDropsListParams) {
  return useQuery(dropsQueryOptions(params));
}
