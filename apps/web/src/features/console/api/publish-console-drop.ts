import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZConsoleDrop, type TConsoleDrop } from '@cypher/contract';
import { apiRequest } from '../../../api/client.ts';
import { queryKeys } from '../../../api/query-keys.ts';
import { invalidateAfterDropChange } from './invalidate-after-drop-change.ts';

/**
 * `POST /v1/console/drops/:id/publish`: fixes the serial numbers and a secret seed, then writes every pack and edition
 * and the commitment, once. Answers the drop PUBLISHED (200) for a small drop, PUBLISHING (202) for a large one whose
 * packs a job goes on writing; the drop page then shows their progress.
 */
async function publishConsoleDrop(id: string): Promise<TConsoleDrop> {
  return ZConsoleDrop.parse(
    await apiRequest('POST', `/console/drops/${encodeURIComponent(id)}/publish`, { auth: true }),
  );
}

export function usePublishConsoleDrop(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => publishConsoleDrop(id),
    onSuccess: (drop) => invalidateAfterDropChange(queryClient, drop),
    // Published by someone else, or refused for its contents: what is on screen may be stale either way.
    onError: () => queryClient.invalidateQueries({ queryKey: queryKeys.console.detail('drops', id) }),
  });
}
