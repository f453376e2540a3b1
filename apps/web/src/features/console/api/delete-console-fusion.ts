import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../api/client.ts';
import { queryKeys } from '../../../api/query-keys.ts';

/** `DELETE /v1/console/fusions/:id`: a draft, with its slots (FUSION_ALREADY_PUBLISHED once published). */
async function deleteConsoleFusion(id: string): Promise<void> {
  await apiRequest('DELETE', `/console/fusions/${encodeURIComponent(id)}`, { auth: true });
}

export function useDeleteConsoleFusion(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteConsoleFusion(id),
    // A draft was never public: the console's lists and the audit log are what changed. The entry itself is
    // forgotten once its page has gone (DeleteEntryAction): removed while the page still reads it, it would be asked
    // for again, and answer 404.
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.console.list('fusions'), exact: false }),
        queryClient.invalidateQueries({ queryKey: queryKeys.console.resource('audit-log') }),
      ]);
    },
    onError: () => queryClient.invalidateQueries({ queryKey: queryKeys.console.detail('fusions', id) }),
  });
}
