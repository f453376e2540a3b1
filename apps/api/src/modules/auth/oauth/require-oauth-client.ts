import type { TOAuthProvider } from '@cypher/contract';
import type { AppContext } from '../../../app-context.ts';
import type { OAuthClient } from '../../../adapters/oauth/oauth-client.ts';
import { AppError } from '../../../http/app-error.ts';

/** The provider's client, or 503 when it is switched off (production without a client id). */
export function requireOAuthClient(ctx: Pick<AppContext, 'oauth'>, provider: TOAuthProvider): OAuthClient {
  const client = ctx.oauth[provider];
  if (!client) throw new AppError('OAUTH_PROVIDER_NOT_CONFIGURED');
  return client;
}
