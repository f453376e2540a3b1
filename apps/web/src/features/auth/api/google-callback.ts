import { ZOAuthSignInResponse, type TOAuthCallbackRequest, type TOAuthSignInResponse } from '@cypher/contract';
import { apiRequest } from '../../../api/client.ts';

/**
 * `POST /v1/users/authentications/oauth/google/callback` with what Google sent back: tokens, an SMS step, or
 * sign-up consent for someone new.
 */
export async function completeGoogleSignIn(body: TOAuthCallbackRequest): Promise<TOAuthSignInResponse> {
  return ZOAuthSignInResponse.parse(await apiRequest('POST', '/users/authentications/oauth/google/callback', { body }));
}
