import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZConsoleFusion, type TConsoleFusion } from '@cypher/contract';
import { apiRequest } from '../../../api/client.ts';
import { queryKeys } from '../../../api/query-keys.ts';

/** `GET /v1/console/fusions/:id`: the whole fusion with how many were made (403 for another brand's fusion). */
async function getConsoleFusion(id: string, signal?: AbortSignal): Promise<TConsoleFusion> {
  return ZConsoleFusion.parse(
    await apiRequest('GET', `/console/fusions/${encodeURIComponent(id)}`, { auth: true, signal }),
  );
}

function consoleFusionQueryOptions(id: string) {
  return queryOptions({
    queryKey: queryKeys.console.detail('fusions', id),
    queryFn: ({ signal }) => getConsoleFusion(id, signal),
  });
}

export function useConsoleFusion(id: string) {
  // Read once: a count made meanwhile must not reset a form being typed (the form is keyed on what it edits).
  return useQuery({ ...consoleFusionQueryOptions(id), refetchOnWindowFocus: false });
}
