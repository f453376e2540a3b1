import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TPack } from '@cypher/contract';
import { apiRequest } from '../client.ts';
import { queryKeys } from '../query-keys.ts';

/** `POST /v1/packs/{id}/open`: reveals the pack's editions, once; the answer is the pack with its items. */
async function openPack(id: string): Promise<TPack> {
  return apiRequest<TPack>('POST', `/packs/${encodeURIComponent(id)}/open`, { auth: true });
}

export function useOpenPack() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => openPack(id),
    onSuccess: (opened) => queryClient.setQueryData(queryKeys.packs.detail(opened.id), opened),
    // Refused (opened meanwhile in another tab, say): read the pack as it stands.
    onError: (_error, id) => queryClient.invalidateQueries({ queryKey: queryKeys.packs.detail(id) }),
    // My packs regroup by rarity, the order's delivery now shows the opening, and My Collection gains the editions.
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.packs.lists() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.orders.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.editions.lists() }),
      ]);
    },
  });
}
