import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZMyUser, type TCreateProfileRequest, type TMyUser } from '@cypher/contract';
import { apiRequest } from '../../../api/client.ts';
import { queryKeys } from '../../../api/query-keys.ts';
import { setUserInfo } from '../../../lib/session.ts';

/** `POST /v1/users/profile`: nickname, photo and consent; the account moves from EMAIL_VERIFIED to ACTIVE. */
async function createProfile(body: TCreateProfileRequest): Promise<TMyUser> {
  return ZMyUser.parse(await apiRequest('POST', '/users/profile', { body, auth: true }));
}

export function useCreateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProfile,
    onSuccess: (user) => {
      // The shell's status redirect reads this record: ACTIVE must be known before leaving the page.
      queryClient.setQueryData(queryKeys.users.my(), user);
      setUserInfo(user);
    },
  });
}
