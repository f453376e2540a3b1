import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZConsoleFusion, type TConsoleFusion } from '@cypher/contract';
import { apiRequest } from '../../../api/client.ts';
import { queryKeys } from '../../../api/query-keys.ts';
import { invalidateAfterFusionChange } from './invalidate-after-fusion-change.ts';

/**
 * `POST /v1/console/fusions/:id/close`: an open fusion ends now, for good (FUSION_ALREADY_ENDED once over,
 * FUSION_NOT_OPEN before it begins). Answers the fusion, ended.
 */
async function closeConsoleFusion(id: string): Promise<TConsoleFusion> {
  return ZConsoleFusion.parse(
    await apiRequest('POST', `/console/fusions/${encodeURIComponent(id)}/close`, { auth: true }),
  );
}

export function useCloseConsoleFusion(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => closeConsoleFusion(id),
    onSuccess: (fusion) => invalidateAfterFusionChange(queryClient, fusion),
    onError: () => queryClient.invalidateQueries({ queryKey: queryKeys.console.detail('fusions', id) }),
  });
}
