import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZMyUser, type TMyUser, type TUpdateProfileRequest } from '@cypher/contract';
import { apiRequest } from '../../../api/client.ts';
import { queryKeys } from '../../../api/query-keys.ts';
import { setUserInfo } from '../../../lib/session.ts';

/** `PATCH /v1/users/profile`: only the fields sent change; `null` removes the photo or the background. */
async function updateProfile(body: TUpdateProfileRequest): Promise<TMyUser> {
  return ZMyUser.parse(await apiRequest('PATCH', '/users/profile', { body, auth: true }));
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (user) => {
      queryClient.setQueryData(queryKeys.users.my(), user);
      setUserInfo(user);
    },
  });
}
