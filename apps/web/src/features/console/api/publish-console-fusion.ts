import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZConsoleFusion, type TConsoleFusion } from '@cypher/contract';
import { apiRequest } from '../../../api/client.ts';
import { queryKeys } from '../../../api/query-keys.ts';
import { invalidateAfterFusionChange } from './invalidate-after-fusion-change.ts';

/**
 * `POST /v1/console/fusions/:id/publish`: a draft becomes public and its results are minted, once
 * (FUSION_ALREADY_PUBLISHED after; FUSION_SCHEDULE_PASSED once over; FUSION_RESULT_NOT_PUBLISHED for a draft result;
 * FUSION_SLOT_NOT_PUBLISHED for a slot taking a product or collection in draft, each named in `details`).
 */
async function publishConsoleFusion(id: string): Promise<TConsoleFusion> {
  return ZConsoleFusion.parse(
    await apiRequest('POST', `/console/fusions/${encodeURIComponent(id)}/publish`, { auth: true }),
  );
}

export function usePublishConsoleFusion(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => publishConsoleFusion(id),
    onSuccess: (fusion) => invalidateAfterFusionChange(queryClient, fusion),
    onError: () => queryClient.invalidateQueries({ queryKey: queryKeys.console.detail('fusions', id) }),
  });
}
