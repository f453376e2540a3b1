import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../api/client.ts';
import { queryKeys } from '../../../api/query-keys.ts';
import { markReadInCache } from './notification-cache.ts';

/** `POST /v1/notifications/{id}/read` (204). */
async function markNotificationRead(id: string): Promise<void> {
  await apiRequest('POST', `/notifications/${encodeURIComponent(id)}/read`, { auth: true });
}

export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => markNotificationRead(id),
    onMutate: async (id) => {
      await queryClient.cancelQueries({ queryKey: queryKeys.notifications.all });
      return { undo: markReadInCache(queryClient, { id }) };
    },
    onError: (_error, _id, context) => context?.undo(),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.notifications.all }),
  });
}
