import { useMutation } from '@tanstack/react-query';
import { ZCodeSent, type TCodeSent } from '@cypher/contract';
import { apiRequest } from '../../../api/client.ts';

/** `POST /users/authentications/mfa-code` with the sign-in attempt's mfaToken: the SMS step's "Resend code". */
async function sendMfaCode(mfaToken: string): Promise<TCodeSent> {
  return ZCodeSent.parse(await apiRequest('POST', '/users/authentications/mfa-code', { body: { mfaToken } }));
}

export function useSendMfaCode() {
  return useMutation({ mutationFn: sendMfaCode });
}
