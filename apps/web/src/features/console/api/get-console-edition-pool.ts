import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZEditionPool, type TEditionPool } from '@cypher/contract';
import { apiRequest } from '../../../api/client.ts';
import { queryKeys } from '../../../api/query-keys.ts';

/** `GET /v1/console/edition-pools/:id`: one pool of editions set aside to give away, with what is left. */
async function getConsoleEditionPool(id: string, signal?: AbortSignal): Promise<TEditionPool> {
  const answer = await apiRequest('GET', `/console/edition-pools/${encodeURIComponent(id)}`, { auth: true, signal });
  return ZEditionPool.parse(answer);
}

function consoleEditionPoolQueryOptions(id: string) {
  return queryOptions({
    queryKey: queryKeys.console.detail('edition-pools', id),
    queryFn: ({ signal }) => getConsoleEditionPool(id, signal),
  });
}

export function useConsoleEditionPool(id: string, options: { isEnabled?: boolean } = {}) {
  return useQuery({ ...consoleEditionPoolQueryOptions(id), enabled: options.isEnabled ?? true });
}
