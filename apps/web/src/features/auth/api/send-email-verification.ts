import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../api/client.ts';

const ZVerificationSent = z.object({ sentTo: z.string() });

/** `POST /users/authentications/email-verifications`: mails the signed-in user a new verification link. */
async function sendEmailVerification(): Promise<{ sentTo: string }> {
  return ZVerificationSent.parse(
    await apiRequest('POST', '/users/authentications/email-verifications', { auth: true }),
  );
}

export function useSendEmailVerification() {
  return useMutation({ mutationFn: sendEmailVerification });
}
