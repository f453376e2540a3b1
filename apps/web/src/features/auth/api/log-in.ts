import { useMutation } from '@tanstack/react-query';
import { ZLoginResponse, type TLoginRequest, type TLoginResponse } from '@cypher/contract';
import { apiRequest } from '../../../api/client.ts';

/**
 * `POST /users/authentications/login`: tokens, or an SMS challenge when two-factor is on. Sent without
 * authorisation, so its 401 (INVALID_PASSWORD) is an answer to show, never a reason to refresh.
 */
async function logIn(body: TLoginRequest): Promise<TLoginResponse> {
  return ZLoginResponse.parse(await apiRequest('POST', '/users/authentications/login', { body }));
}

export function useLogIn() {
  return useMutation({ mutationFn: logIn });
}
