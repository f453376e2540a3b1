import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZConsoleFusion, type TConsoleFusion, type TConsoleFusionRequest } from '@cypher/contract';
import { apiRequest } from '../../../api/client.ts';
import { invalidateAfterFusionChange } from './invalidate-after-fusion-change.ts';

/** `POST /v1/console/fusions`: a new fusion, its results issued ahead; collectors see it while its brand is published. */
async function createConsoleFusion(body: TConsoleFusionRequest): Promise<TConsoleFusion> {
  return ZConsoleFusion.parse(await apiRequest('POST', '/console/fusions', { body, auth: true }));
}

export function useCreateConsoleFusion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createConsoleFusion,
    onSuccess: (fusion) => invalidateAfterFusionChange(queryClient, fusion),
  });
}
