import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TPack } from '@cypher/contract';
import { apiRequest } from '../../../api/client.ts';
import { queryKeys } from '../../../api/query-keys.ts';

/** `GET /v1/packs/{id}`: one of my packs; its editions once opened (spec section 3's pack detail). */
async function getPack(id: string, signal?: AbortSignal): Promise<TPack> {
  return apiRequest<TPack>('GET', `/packs/${encodeURIComponent(id)}`, { auth: true, signal });
}

function packQueryOptions(id: string) {
  return queryOptions({ queryKey: queryKeys.packs.detail(id), queryFn: ({ signal }) => getPack(id, signal) });
}

export function usePack(id: string) {
  return useQuery(packQueryOptions(id));
}
