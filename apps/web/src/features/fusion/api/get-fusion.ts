import { queryOptions, useQuery } from '@tanstack/react-query';
import { fusionStatusAt, type TFusion } from '@cypher/contract';
import { apiRequest } from '../../../api/client.ts';
import { queryKeys } from '../../../api/query-keys.ts';

/** While a fusion is open, what is left of its supply moves: the page reads it again this often. */
const FUSION_REFRESH_MS = 30_000;

/**
 * `GET /v1/fusions/{id}`: what it makes and what it needs. Public, but sent with the session when there is one: then
 * each slot says how many of the caller's editions fit it (`fittingCount`) and `isReady` whether every slot is covered.
 */
async function getFusion(id: string, signal?: AbortSignal): Promise<TFusion> {
  return apiRequest<TFusion>('GET', `/fusions/${encodeURIComponent(id)}`, { auth: true, signal });
}

function fusionQueryOptions(id: string) {
  return queryOptions({ queryKey: queryKeys.fusions.detail(id), queryFn: ({ signal }) => getFusion(id, signal) });
}

export function useFusion(id: string) {
  return useQuery({
    ...fusionQueryOptions(id),
    refetchInterval: (query) =>
      query.state.data && fusionStatusAt(query.state.data, new Date()) === 'AVAILABLE' ? FUSION_REFRESH_MS : false,
  });
}
