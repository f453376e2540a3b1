import { useMutation } from '@tanstack/react-query';
import { ZTokenPair, type TSocialSignUpRequest, type TTokenPair } from '@cypher/contract';
import { apiRequest } from '../../../api/client.ts';

/** `POST /v1/users/social`: creates the account from the Google profile (email already verified) and signs it in. */
async function socialSignUp(body: TSocialSignUpRequest): Promise<TTokenPair> {
  return ZTokenPair.parse(await apiRequest('POST', '/users/social', { body }));
}

export function useSocialSignUp() {
  return useMutation({ mutationFn: socialSignUp });
}
