import { useMutation } from '@tanstack/react-query';
import { ZOAuthAuthorization, type TOAuthAuthorization } from '@cypher/contract';
import { apiRequest } from '../../../api/client.ts';

/** `GET /v1/users/authentications/oauth/discord`: where to send the browser to connect Discord. */
async function getDiscordAuthorization(): Promise<TOAuthAuthorization> {
  return ZOAuthAuthorization.parse(
    await apiRequest('GET', '/users/authentications/oauth/discord', { auth: true, cache: 'no-store' }),
  );
}

export function useDiscordAuthorization() {
  return useMutation({ mutationFn: getDiscordAuthorization });
}
