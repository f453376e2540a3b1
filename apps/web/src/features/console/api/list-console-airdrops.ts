import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ZConsoleAirdrop, ZPage, type TConsoleAirdrop, type TPage } from '@cypher/contract';
import { apiRequest } from '../../../api/client.ts';
import { queryKeys } from '../../../api/query-keys.ts';
import { AIRDROP_REFRESH_MS } from './get-console-airdrop.ts';

type TAirdropsParams = { page?: number; size?: number };

/** `GET /v1/console/airdrops?page&size`: airdrops of the operator's brands' things (all for admins), newest first. */
async function listConsoleAirdrops(params: TAirdropsParams, signal?: AbortSignal): Promise<TPage<TConsoleAirdrop>> {
  const answer = await apiRequest('GET', '/console/airdrops', { query: params, auth: true, signal });
  return ZPage(ZConsoleAirdrop).parse(answer);
}

function consoleAirdropsQueryOptions(params: TAirdropsParams) {
  return queryOptions({
    queryKey: queryKeys.console.list('airdrops', params),
    queryFn: ({ signal }) => listConsoleAirdrops(params, signal),
    placeholderData: keepPreviousData,
  });
}

/** Read again every few seconds while an airdrop on the page is still being delivered. */
export function useConsoleAirdrops(params: TAirdropsParams) {
  return useQuery({
    ...consoleAirdropsQueryOptions(params),
    refetchInterval: (query) =>
      query.state.status !== 'error' && query.state.data?.items.some((airdrop) => airdrop.status !== 'COMPLETED')
        ? AIRDROP_REFRESH_MS
        : false,
  });
}
