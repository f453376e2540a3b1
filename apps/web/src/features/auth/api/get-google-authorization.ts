import { useMutation } from '@tanstack/react-query';
import { ZOAuthAuthorization, type TOAuthAuthorization } from '@cypher/contract';
import { apiRequest } from '../../../api/client.ts';

/** `GET /v1/users/authentications/oauth/google`: the Google address to send the browser to (state and PKCE kept by the API). */
async function getGoogleAuthorization(): Promise<TOAuthAuthorization> {
  return ZOAuthAuthorization.parse(
    await apiRequest('GET', '/users/authentications/oauth/google', { cache: 'no-store' }),
  );
}

export function useGoogleAuthorization() {
  return useMutation({ mutationFn: getGoogleAuthorization });
}
