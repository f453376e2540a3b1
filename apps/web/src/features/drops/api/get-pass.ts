import { queryOptions, useQuery } from '@tanstack/react-query';
import { passStatusAt, type TPass } from '@cypher/contract';
import { apiRequest } from '../../../api/client.ts';
import { queryKeys } from '../../../api/query-keys.ts';

/** While a pass is on sale its remaining count moves; the page reads it again this often (and at each boundary). */
const PASS_REFRESH_MS = 30_000;

/**
 * `GET /v1/passes/{id}`: the pass with its benefits and the rounds it opens. Public, but sent with the session when
 * there is one: then `held` says how many of it the caller holds.
 */
async function getPass(id: string, signal?: AbortSignal): Promise<TPass> {
  return apiRequest<TPass>('GET', `/passes/${encodeURIComponent(id)}`, { auth: true, signal });
}

function passQueryOptions(id: string) {
  return queryOptions({ queryKey: queryKeys.passes.detail(id), queryFn: ({ signal }) => getPass(id, signal) });
}

export function usePass(id: string) {
  return useQuery({
    ...passQueryOptions(id),
    refetchInterval: (query) =>
      query.state.data && passStatusAt(query.state.data, new Date()) === 'ON_SALE' ? PASS_REFRESH_MS : false,
  });
}
