import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TDrop, TDropsQuery, TPage } from '@cypher/contract';
import { apiRequest } from '../../../api/client.ts';
import { queryKeys } from '../../../api/query-keys.ts';

export type TDropsListStatus = NonNullable<TDropsQuery['status']>;

export interface TDropsListParams {
  status: TDropsListStatus;
  page: number;
  size: number;
}

/** `GET /v1/drops?status&page&size`: public, one tab of the drops page (NONE drops are never listed). */
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
