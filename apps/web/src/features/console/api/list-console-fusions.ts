import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ZConsoleFusion, ZPage, type TConsoleFusion, type TPage } from '@cypher/contract';
import { apiRequest } from '../../../api/client.ts';
import { queryKeys } from '../../../api/query-keys.ts';

type TConsoleFusionsParams = { page?: number; size?: number; brandId?: string };

/** `GET /v1/console/fusions?brandId&page&size`: the operator's brands' fusions (a brand manager's only), newest first. */
async function listConsoleFusions(params: TConsoleFusionsParams, signal?: AbortSignal): Promise<TPage<TConsoleFusion>> {
  const answer = await apiRequest('GET', '/console/fusions', { query: params, auth: true, signal });
  return ZPage(ZConsoleFusion).parse(answer);
}

function consoleFusionsQueryOptions(params: TConsoleFusionsParams) {
  const query = Object.fromEntries(Object.entries(params).filter(([, value]) => value !== undefined && value !== ''));
  return queryOptions({
    queryKey: queryKeys.console.list('fusions', query),
    queryFn: ({ signal }) => listConsoleFusions(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useConsoleFusions(params: TConsoleFusionsParams) {
  return useQuery(consoleFusionsQueryOptions(params));
}
