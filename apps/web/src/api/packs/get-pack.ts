import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TPack } from '@cypher/contract';
import { apiRequest } from '../client.ts';
import { queryKeys } from '../query-keys.ts';

/**
 * `GET /v1/packs/{id}`: one of my packs; its editions once opened (spec section 3's pack detail). Beside the client
 * because the pack dialog opens from the drops page's My packs and from My Collection.
 */
async function getPack(id: string, signal?: AbortSignal): Promise<TPack> {
  return apiRequest<TPack>('GET', `/packs/${encodeURIComponent(id)}`, { auth: true, signal });
}

function packQueryOptions(id: string) {
  return queryOptions({ queryKey: queryKeys.packs.detail(id), queryFn: ({ signal }) => getPack(id, signal) });
}

export function usePack(id: string) {
  return useQuery(packQueryOptions(id));
}
