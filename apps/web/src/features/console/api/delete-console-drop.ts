import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../api/client.ts';
import { queryKeys } from '../../../api/query-keys.ts';

/** `DELETE /v1/console/drops/:id`: a draft, with its rounds and contents (DROP_ALREADY_PUBLISHED once published). */
async function deleteConsoleDrop(id: string): Promise<void> {
  await apiRequest('DELETE', `/console/drops/${encodeURIComponent(id)}`, { auth: true });
}

export function useDeleteConsoleDrop(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteConsoleDrop(id),
    // A draft was never public: the console's lists and the audit log are what changed. The entry itself is
    // forgotten once its page has gone (DeleteEntryAction): removed while the page still reads it, it would be asked
    // for again, and answer 404.
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.console.list('drops'), exact: false }),
        queryClient.invalidateQueries({ queryKey: queryKeys.console.resource('audit-log') }),
      ]);
    },
    // Published by someone else meanwhile: the page shows it as it now is.
    onError: () => queryClient.invalidateQueries({ queryKey: queryKeys.console.detail('drops', id) }),
  });
}
