import { CodeChallengeMethod, OAuth2Client, OAuth2RequestError } from 'arctic';
import type { TOAuthProvider } from '@cypher/contract';
import type { TOAuthProviderConfig } from '../../config.ts';
import { parseProviderProfile, profileScopes, type ProviderProfile } from './provider-profiles.ts';

/** The provider turned the code down (expired, reused, wrong verifier): the person should start again. */
export class OAuthCodeRejectedError extends Error {
  constructor(cause: OAuth2RequestError) {
    super(`provider rejected the authorization code: ${cause.code}`, { cause });
    this.name = 'OAuthCodeRejectedError';
  }
}

/** One OAuth provider, real or the local stand-in: only the endpoint URLs in the settings differ. */
export interface OAuthClient {
  provider: TOAuthProvider;
  authorizationUrl(state: string, codeVerifier: string): string;
  /** Exchanges the code with its PKCE verifier, then reads who signed in. Outside calls: never inside a transaction. */
  fetchProfile(code: string, codeVerifier: string): Promise<ProviderProfile>;
}

/**
 * Authorization-code flow with PKCE (S256) through arctic's generic client, so Google, Discord and the stand-in share
 * one code path. The client authenticates with HTTP Basic when it has a secret, as both providers accept.
 */
export function oauthClient(provider: TOAuthProvider, settings: TOAuthProviderConfig): OAuthClient {
  const client = new OAuth2Client(settings.clientId, settings.clientSecret, settings.redirectUri);
  const scopes = profileScopes[provider];
  return {
    provider,
    authorizationUrl(state, codeVerifier) {
      const url = client.createAuthorizationURLWithPKCE(
        settings.authorizeUrl,
        state,
        CodeChallengeMethod.S256,
        codeVerifier,
        scopes,
      );
      // Google: always show the account chooser, so a shared computer does not silently reuse the last account.
      if (provider === 'google') url.searchParams.set('prompt', 'select_account');
      return url.toString();
    },
    async fetchProfile(code, codeVerifier) {
      let accessToken: string;
      try {
        accessToken = (await client.validateAuthorizationCode(settings.tokenUrl, code, codeVerifier)).accessToken();
      } catch (error) {
        if (error instanceof OAuth2RequestError) throw new OAuthCodeRejectedError(error);
        throw error;
      }
      const response = await fetch(settings.userinfoUrl, {
        headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
        signal: AbortSignal.timeout(10_000),
      });
      if (!response.ok) throw new Error(`${provider} userinfo answered ${response.status}`);
      return parseProviderProfile(provider, await response.json());
    },
  };
}
