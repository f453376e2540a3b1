import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../api/client.ts';

/** `POST /users/authentications/reset-password`: mails a reset link. Answers the same for unknown addresses. */
async function requestPasswordReset(email: string): Promise<void> {
  await apiRequest('POST', '/users/authentications/reset-password', { body: { email } });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
