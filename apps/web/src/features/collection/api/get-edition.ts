import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZEdition, type TEdition } from '@cypher/contract';
import { apiRequest } from '../../../api/client.ts';
import { queryKeys } from '../../../api/query-keys.ts';

/** `GET /v1/editions/{id}`: an edition as a token (contract, token id, owner, state), public like a chain. */
async function getEdition(id: string, signal?: AbortSignal): Promise<TEdition> {
  return ZEdition.parse(await apiRequest('GET', `/editions/${encodeURIComponent(id)}`, { signal }));
}

function editionQueryOptions(id: string) {
  return queryOptions({ queryKey: queryKeys.editions.detail(id), queryFn: ({ signal }) => getEdition(id, signal) });
}

export function useEdition(id: string) {
  return useQuery(editionQueryOptions(id));
}
