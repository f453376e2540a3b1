import type { AppDeps } from './app.ts';
import type { Db } from './db/client.ts';
import { authGuard } from './http/auth-guard.ts';
import { operatorGuard } from './http/operator-guard.ts';
import { oauthClient, type OAuthClient } from './adapters/oauth/oauth-client.ts';
import { accessTokens, type AccessTokens } from './modules/auth/access-tokens.ts';
import type { TOAuthProvider } from '@cypher/contract';

/**
 * What route files and services work with: the app's dependencies plus what is built from them once per app
 * (token signer, auth and operator guards, OAuth clients). Services take the parts they use, not the Fastify request.
 */
export interface AppContext extends AppDeps {
  db: Db;
  authSecret: string;
  tokens: AccessTokens;
  guard: ReturnType<typeof authGuard> & ReturnType<typeof operatorGuard>;
  /** Google and Discord (or their local stand-ins); null where the provider is switched off. */
  oauth: Record<TOAuthProvider, OAuthClient | null>;
}

export function createAppContext(deps: AppDeps): AppContext {
  const authSecret = deps.config.auth.secret;
  if (!authSecret) throw new Error('AUTH_SECRET is not set');
  const db = deps.database.db;
  const tokens = accessTokens({ ...deps.config.auth, secret: authSecret }, deps.clock);
  const auth = authGuard({ db, clock: deps.clock, tokens });
  const operators = operatorGuard({ db, requireAuth: auth.requireAuth });
  const { google, discord } = deps.config.oauth;
  const oauth = {
    google: google.mode === 'off' ? null : oauthClient('google', google),
    discord: discord.mode === 'off' ? null : oauthClient('discord', discord),
  };
  return { ...deps, db, authSecret, tokens, guard: { ...auth, ...operators }, oauth };
}
