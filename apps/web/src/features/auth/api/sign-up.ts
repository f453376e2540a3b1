import { useMutation } from '@tanstack/react-query';
import { ZTokenPair, type TSignUpRequest, type TTokenPair } from '@cypher/contract';
import { apiRequest } from '../../../api/client.ts';

/** `POST /users`: creates the account (status CREATED), mails the verification link, and signs in. */
async function signUp(body: TSignUpRequest): Promise<TTokenPair> {
  return ZTokenPair.parse(await apiRequest('POST', '/users', { body }));
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}
