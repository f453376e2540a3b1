import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../api/client.ts';
import { queryKeys } from '../../../api/query-keys.ts';
import { markReadInCache } from './notification-cache.ts';

/** `POST /v1/notifications/read-all` (204). */
async function markAllNotificationsRead(): Promise<void> {
  await apiRequest('POST', '/notifications/read-all', { auth: true });
}

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onMutate: async () => {
      await queryClient.cancelQueries({ queryKey: queryKeys.notifications.all });
      // Notifications not loaded yet are read too: the counts go to zero.
      return { undo: markReadInCache(queryClient, 'all') };
    },
    onError: (_error, _vars, context) => context?.undo(),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.notifications.all }),
  });
}
