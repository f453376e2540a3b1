import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TPage, TPass, TPassListQuery } from '@cypher/contract';
import { apiRequest } from '../../../api/client.ts';
import { queryKeys } from '../../../api/query-keys.ts';

type TPassListParams = Pick<TPassListQuery, 'page' | 'size'> & { brandId?: string };

/**
 * `GET /v1/passes?page&size&brandId`: passes of published brands, newest sale first. Public, but sent with the session
 * when there is one: then each pass says how many of it the caller holds (`held`).
 */
async function listPasses(params: TPassListParams, signal?: AbortSignal): Promise<TPage<TPass>> {
  return apiRequest<TPage<TPass>>('GET', '/passes', { query: { ...params }, auth: true, signal });
}

function passesQueryOptions(params: TPassListParams) {
  return queryOptions({
    queryKey: queryKeys.passes.list({ ...params }),
    queryFn: ({ signal }) => listPasses(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function usePasses(params: TPassListParams, options: { isEnabled?: boolean } = {}) {
  return useQuery({ ...passesQueryOptions(params), enabled: options.isEnabled ?? true });
}
