import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TDropProvenance } from '@cypher/contract';
import { apiRequest } from '../../../api/client.ts';
import { queryKeys } from '../../../api/query-keys.ts';

/**
 * `GET /v1/drops/{id}/provenance`: the commitment published with the drop; once the drop has completed, also the
 * revealed seed and every pack's contents, for the browser to check (decision record 0014).
 */
async function getDropProvenance(id: string, signal?: AbortSignal): Promise<TDropProvenance> {
  return apiRequest<TDropProvenance>('GET', `/drops/${encodeURIComponent(id)}/provenance`, { signal });
}

function dropProvenanceQueryOptions(id: string) {
  return queryOptions({
    queryKey: queryKeys.drops.provenance(id),
    queryFn: ({ signal }) => getDropProvenance(id, signal),
  });
}

export function useDropProvenance(id: string) {
  return useQuery(dropProvenanceQueryOptions(id));
}
