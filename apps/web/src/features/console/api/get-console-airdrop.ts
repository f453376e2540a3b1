import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZConsoleAirdrop, type TConsoleAirdrop } from '@cypher/contract';
import { apiRequest } from '../../../api/client.ts';
import { queryKeys } from '../../../api/query-keys.ts';

/** How often an airdrop still being delivered is read again: its job delivers a batch every moment. */
export const AIRDROP_REFRESH_MS = 2_000;

/** `GET /v1/console/airdrops/:id`: an airdrop and how far its delivery has come. */
async function getConsoleAirdrop(id: string, signal?: AbortSignal): Promise<TConsoleAirdrop> {
  return ZConsoleAirdrop.parse(
    await apiRequest('GET', `/console/airdrops/${encodeURIComponent(id)}`, { auth: true, signal }),
  );
}

function consoleAirdropQueryOptions(id: string) {
  return queryOptions({
    queryKey: queryKeys.console.detail('airdrops', id),
    queryFn: ({ signal }) => getConsoleAirdrop(id, signal),
  });
}

/**
 * Read again every few seconds until it has completed; a read that fails on the way is tried again at the next turn
 * (the page says its figures may be behind meanwhile). Never read before it was read once: a first failure shows the
 * error and its retry.
 */
export function useConsoleAirdrop(id: string) {
  return useQuery({
    ...consoleAirdropQueryOptions(id),
    refetchInterval: (query) =>
      query.state.data && query.state.data.status !== 'COMPLETED' ? AIRDROP_REFRESH_MS : false,
  });
}
