import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZConsoleFusion, type TConsoleFusion, type TConsoleFusionRequest } from '@cypher/contract';
import { isApiError } from '../../../api/api-error.ts';
import { apiRequest } from '../../../api/client.ts';
import { queryKeys } from '../../../api/query-keys.ts';
import { ifMatchHeaders } from './if-match.ts';
import { invalidateAfterFusionChange } from './invalidate-after-fusion-change.ts';

/**
 * `PUT /v1/console/fusions/:id`: the whole fusion replaced (slots included), so what is sent is the form as it stands.
 * Made from the fusion's `version`: refused with ENTRY_CHANGED once someone has changed it, and with FUSION_STARTED
 * once it has begun.
 */
async function updateConsoleFusion(
  id: string,
  version: string | undefined,
  body: TConsoleFusionRequest,
): Promise<TConsoleFusion> {
  const headers = ifMatchHeaders(version);
  return ZConsoleFusion.parse(
    await apiRequest('PUT', `/console/fusions/${encodeURIComponent(id)}`, { body, auth: true, headers }),
  );
}

export function useUpdateConsoleFusion(id: string, version: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TConsoleFusionRequest) => updateConsoleFusion(id, version, body),
    onSuccess: (fusion) => invalidateAfterFusionChange(queryClient, fusion),
    // Begun meanwhile: the page reads it again (and shows it can no longer change).
    onError: (error) =>
      isApiError(error) && error.code === 'FUSION_STARTED'
        ? queryClient.invalidateQueries({ queryKey: queryKeys.console.detail('fusions', id) })
        : undefined,
  });
}
