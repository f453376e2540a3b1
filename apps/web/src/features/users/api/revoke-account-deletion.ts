import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TMyUser } from '@cypher/contract';
import { apiRequest } from '../../../api/client.ts';
import { queryKeys } from '../../../api/query-keys.ts';
import { setUserInfo } from '../../../lib/session.ts';

/** `POST /v1/users/delete-revoke`: cancels a deletion request within its seven days. */
async function revokeAccountDeletion(): Promise<TMyUser> {
  return apiRequest<TMyUser>('POST', '/users/delete-revoke', { auth: true });
}

export function useRevokeAccountDeletion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeAccountDeletion,
    onSuccess: async (user) => {
      queryClient.setQueryData(queryKeys.users.my(), user);
      setUserInfo(user);
      await queryClient.invalidateQueries({ queryKey: queryKeys.users.my() });
    },
    // A lost answer may be of a cancel that went through (a retry is then told there is nothing to cancel): reading
    // the user again takes the deletion screen away if so.
    onError: () => queryClient.invalidateQueries({ queryKey: queryKeys.users.my() }),
  });
}
