import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TDropProvenance } from '@cypher/contract';
import { apiRequest } from '../../../api/client.ts';
import { queryKeys } from '../../../api/query-keys.ts';

/**
 * `GET /v1/drops/{id}/provenance`: the commitment published with the drop; once the drop is revealed, also the
 * revealed seed and every pack's contents, for the browser to check (decision record 0015), and the claim log's head
 * (decision record 0023).
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

/** How often an ended drop that is not revealed yet is asked again: the last open payment can be decided any time. */
const AWAITING_REVEAL_POLL_MS = 30_000;

export function useDropProvenance(id: string, { isAwaitingReveal = false }: { isAwaitingReveal?: boolean } = {}) {
  return useQuery({
    ...dropProvenanceQueryOptions(id),
    refetchInterval: (query) =>
      isAwaitingReveal && query.state.data?.isRevealed === false ? AWAITING_REVEAL_POLL_MS : false,
  });
}
