import { useMutation } from '@tanstack/react-query';
import type { TChangePasswordRequest } from '@cypher/contract';
import { apiRequest } from '../../../api/client.ts';

/** `POST /users/authentications/change-password`: other sessions end; this one continues. */
async function changePassword(body: TChangePasswordRequest): Promise<void> {
  await apiRequest('POST', '/users/authentications/change-password', { body, auth: true });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
