import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../api/client.ts';
import { queryKeys } from '../../../api/query-keys.ts';

/** `DELETE /v1/console/operators/:id` (admins): takes a role away (204). */
async function revokeOperatorRole(grantId: string): Promise<void> {
  await apiRequest('DELETE', `/console/operators/${encodeURIComponent(grantId)}`, { auth: true });
}

export function useRevokeOperatorRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeOperatorRole,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.console.resource('operators') }),
        queryClient.invalidateQueries({ queryKey: queryKeys.console.resource('audit-log') }),
        // The person who lost a role may be the one signed in here.
        queryClient.invalidateQueries({ queryKey: queryKeys.console.me() }),
      ]),
  });
}
