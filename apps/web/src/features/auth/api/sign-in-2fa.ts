import { useMutation } from '@tanstack/react-query';
import { ZTokenPair, type TSignIn2faRequest, type TTokenPair } from '@cypher/contract';
import { apiRequest } from '../../../api/client.ts';

/** `POST /users/authentications/sign-in-2fa`: finishes a two-factor sign-in with the code from the SMS. */
async function signIn2fa(body: TSignIn2faRequest): Promise<TTokenPair> {
  return ZTokenPair.parse(await apiRequest('POST', '/users/authentications/sign-in-2fa', { body }));
}

export function useSignIn2fa() {
  return useMutation({ mutationFn: signIn2fa });
}
