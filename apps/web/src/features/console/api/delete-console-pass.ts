import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../api/client.ts';
import { queryKeys } from '../../../api/query-keys.ts';
import { consolePath } from './console-resources.ts';

/** `DELETE /v1/console/passes/:id`: a draft (PASS_ALREADY_PUBLISHED once published, PASS_NAMED_BY_ROUND in a round). */
async function deleteConsolePass(id: string): Promise<void> {
  await apiRequest('DELETE', consolePath('passes', id), { auth: true });
}

export function useDeleteConsolePass(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteConsolePass(id),
    // A draft was never public: the console's lists and the audit log are what changed. The entry itself is
    // forgotten once its page has gone (DeleteEntryAction): removed while the page still reads it, it would be asked
    // for again, and answer 404.
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.console.list('passes'), exact: false }),
        queryClient.invalidateQueries({ queryKey: queryKeys.console.resource('audit-log') }),
      ]);
    },
    onError: () => queryClient.invalidateQueries({ queryKey: queryKeys.console.detail('passes', id) }),
  });
}
