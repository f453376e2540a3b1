import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ZEditionPool, ZPage, type TEditionPool, type TPage } from '@cypher/contract';
import { apiRequest } from '../../../api/client.ts';
import { queryKeys } from '../../../api/query-keys.ts';

type TEditionPoolsParams = {
  page?: number;
  size?: number;
  brandId?: string;
  /** Pools whose product's name holds this text; '' for all. */
  q?: string;
};

/** `GET /v1/console/edition-pools?brandId&q&page&size`: editions set aside to give away, newest first, with what is left. */
async function listConsoleEditionPools(
  params: TEditionPoolsParams,
  signal?: AbortSignal,
): Promise<TPage<TEditionPool>> {
  const answer = await apiRequest('GET', '/console/edition-pools', { query: params, auth: true, signal });
  return ZPage(ZEditionPool).parse(answer);
}

function consoleEditionPoolsQueryOptions(params: TEditionPoolsParams) {
  const query = Object.fromEntries(Object.entries(params).filter(([, value]) => value !== undefined && value !== ''));
  return queryOptions({
    queryKey: queryKeys.console.list('edition-pools', query),
    queryFn: ({ signal }) => listConsoleEditionPools(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useConsoleEditionPools(params: TEditionPoolsParams, options: { isEnabled?: boolean } = {}) {
  return useQuery({ ...consoleEditionPoolsQueryOptions(params), enabled: options.isEnabled ?? true });
}
