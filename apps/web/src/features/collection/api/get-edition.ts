import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZEditionDetail, type TEditionDetail } from '@cypher/contract';
import { apiRequest } from '../../../api/client.ts';
import { queryKeys } from '../../../api/query-keys.ts';

/**
 * `GET /v1/editions/{id}`: an edition as a token (contract, token id, owner, state), public like a chain, and whether
 * its collection's page is public. Sent with the session when there is one: its owner's answer names the figure base
 * it stands on while equipped.
 */
async function getEdition(id: string, signal?: AbortSignal): Promise<TEditionDetail> {
  return ZEditionDetail.parse(await apiRequest('GET', `/editions/${encodeURIComponent(id)}`, { auth: true, signal }));
}

function editionQueryOptions(id: string) {
  return queryOptions({ queryKey: queryKeys.editions.detail(id), queryFn: ({ signal }) => getEdition(id, signal) });
}

export function useEdition(id: string) {
  return useQuery(editionQueryOptions(id));
}
