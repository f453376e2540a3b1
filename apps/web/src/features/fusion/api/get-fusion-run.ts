import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZFusionRun, type TFusionRun } from '@cypher/contract';
import { apiRequest } from '../../../api/client.ts';
import { queryKeys } from '../../../api/query-keys.ts';

/** `GET /v1/fusions/{id}/runs/{runId}` (signed in): one of my fusions, as its fuse answered (FUSION_RUN_NOT_FOUND else). */
async function getFusionRun(fusionId: string, runId: string, signal?: AbortSignal): Promise<TFusionRun> {
  const answer = await apiRequest('GET', `/fusions/${encodeURIComponent(fusionId)}/runs/${encodeURIComponent(runId)}`, {
    auth: true,
    signal,
  });
  return ZFusionRun.parse(answer);
}

export function fusionRunQueryOptions(fusionId: string, runId: string) {
  return queryOptions({
    queryKey: queryKeys.fusions.run(fusionId, runId),
    queryFn: ({ signal }) => getFusionRun(fusionId, runId, signal),
    // A run never changes: what it burned and gave is history.
    staleTime: Infinity,
  });
}

/** The run named in the address (`?run=<id>`), read again after a reload; nothing while none is named. */
export function useFusionRun(fusionId: string, runId: string | null) {
  return useQuery({ ...fusionRunQueryOptions(fusionId, runId ?? ''), enabled: runId !== null });
}
