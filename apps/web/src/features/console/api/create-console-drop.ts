import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZConsoleDrop, type TConsoleDrop, type TConsoleDropRequest } from '@cypher/contract';
import { apiRequest } from '../../../api/client.ts';
import { invalidateAfterDropChange } from './invalidate-after-drop-change.ts';

/** `POST /v1/console/drops`: a new drop, as a draft that only operators see until it is published. */
async function createConsoleDrop(body: TConsoleDropRequest): Promise<TConsoleDrop> {
  return ZConsoleDrop.parse(await apiRequest('POST', '/console/drops', { body, auth: true }));
}

export function useCreateConsoleDrop() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createConsoleDrop,
    onSuccess: (drop) => invalidateAfterDropChange(queryClient, drop),
  });
}
