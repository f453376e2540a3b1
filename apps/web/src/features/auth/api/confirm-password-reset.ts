import { useMutation } from '@tanstack/react-query';
import type { TConfirmPasswordResetRequest } from '@cypher/contract';
import { apiRequest } from '../../../api/client.ts';

/** `PATCH /users/authentications/reset-password`: sets the new password with the mailed key; every session ends. */
async function confirmPasswordReset(body: TConfirmPasswordResetRequest): Promise<void> {
  await apiRequest('PATCH', '/users/authentications/reset-password', { body });
}

export function useConfirmPasswordReset() {
  return useMutation({ mutationFn: confirmPasswordReset });
}
