import { queryOptions, useQuery } from '@tanstack/react-query';
import { dropStatusAt, type TDrop } from '@cypher/contract';
import { apiRequest } from '../../../api/client.ts';
import { queryKeys } from '../../../api/query-keys.ts';

/** While a drop is on sale its sold counts move; the page reads it again this often (and at every round boundary). */
const DROP_REFRESH_MS = 30_000;

/**
 * `GET /v1/drops/{id}`: the drop with its rounds, counts and contents. Public, but sent with the session when there
 * is one: then `viewer` carries the caller's whitelist state and remaining allowance.
 */
async function getDrop(id: string, signal?: AbortSignal): Promise<TDrop> {
  return apiRequest<TDrop>('GET', `/drops/${encodeURIComponent(id)}`, { auth: true, signal });
}

function dropQueryOptions(id: string) {
  return queryOptions({ queryKey: queryKeys.drops.detail(id), queryFn: ({ signal }) => getDrop(id, signal) });
}

export function useDrop(id: string) {
  return useQuery({
    ...dropQueryOptions(id),
    refetchInterval: (query) =>
      query.state.data && dropStatusAt(query.state.data, new Date()) === 'AVAILABLE' ? DROP_REFRESH_MS : false,
  });
}
