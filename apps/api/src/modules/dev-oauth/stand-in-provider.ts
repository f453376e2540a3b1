import { z } from 'zod';
import type { TOAuthProvider } from '@cypher/contract';
import type { TConfig } from '../../config.ts';
import type { Clock } from '../../lib/clock.ts';
import { standInGrants } from './stand-in-grants.ts';
import { standInIdentities, userinfoBody, type StandInIdentity } from './stand-in-identities.ts';

/** What the authorize endpoint receives, as OAuth 2.0 with PKCE (RFC 6749 4.1.1, RFC 7636 4.3) defines it. */
const ZAuthorizeQuery = z.object({
  response_type: z.literal('code'),
  client_id: z.string(),
  redirect_uri: z.string(),
  state: z.string().min(1),
  code_challenge: z.string().min(43).max(128),
  code_challenge_method: z.literal('S256'),
  scope: z.string().optional(),
  identity: z.string().optional(),
});
export type TAuthorizeQuery = z.infer<typeof ZAuthorizeQuery>;

const ZTokenForm = z.object({
  grant_type: z.string(),
  code: z.string().optional(),
  redirect_uri: z.string().optional(),
  code_verifier: z.string().optional(),
  client_id: z.string().optional(),
});

export type StandInAnswer = { status: number; body: Record<string, unknown> };

function basicCredentials(header: string | undefined): { id: string; secret: string } | null {
  if (!header?.startsWith('Basic ')) return null;
  const decoded = Buffer.from(header.slice(6), 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon < 0 ? null : { id: decoded.slice(0, colon), secret: decoded.slice(colon + 1) };
}

/**
 * A local stand-in for Google's and Discord's OAuth endpoints, strict where they are strict: the client id and the
 * registered redirect URI must match, the code is single use and short-lived, PKCE S256 is verified, the client
 * authenticates at the token endpoint. The API reaches it through the very code that reaches the real providers.
 */
export function standInProvider(config: TConfig, clock: Clock) {
  const grants = standInGrants(clock);
  const settingsOf = (provider: TOAuthProvider) => config.oauth[provider];

  return {
    /** Only providers without a client id are stood in for; a configured one goes to the real provider. */
    isStoodIn: (provider: TOAuthProvider) => settingsOf(provider).mode === 'stand-in',
    identities: (provider: TOAuthProvider) => standInIdentities[provider],

    /** Checks an authorize request; an error here is shown on the page, never sent to an unchecked redirect URI. */
    checkAuthorizeRequest(provider: TOAuthProvider, query: unknown): TAuthorizeQuery | string {
      const parsed = ZAuthorizeQuery.safeParse(query);
      if (!parsed.success)
        return `Invalid authorization request: ${parsed.error.issues.map((issue) => issue.path.join('.')).join(', ')}`;
      const settings = settingsOf(provider);
      if (parsed.data.client_id !== settings.clientId) return 'Unknown client_id.';
      if (parsed.data.redirect_uri !== settings.redirectUri)
        return 'redirect_uri is not the one registered for this client.';
      return parsed.data;
    },

    /** The person picked an identity: a code for it, bound to this request, sent back to the redirect URI. */
    approve(provider: TOAuthProvider, request: TAuthorizeQuery, identity: StandInIdentity): string {
      const code = grants.issueCode({
        provider,
        identity,
        clientId: request.client_id,
        redirectUri: request.redirect_uri,
        codeChallenge: request.code_challenge,
      });
      const target = new URL(request.redirect_uri);
      target.searchParams.set('code', code);
      target.searchParams.set('state', request.state);
      return target.toString();
    },

    token(provider: TOAuthProvider, authorization: string | undefined, form: unknown): StandInAnswer {
      const settings = settingsOf(provider);
      const credentials = basicCredentials(authorization);
      if (!credentials || credentials.id !== settings.clientId || credentials.secret !== settings.clientSecret) {
        return { status: 401, body: { error: 'invalid_client' } };
      }
      const parsed = ZTokenForm.safeParse(form);
      if (!parsed.success || parsed.data.grant_type !== 'authorization_code' || !parsed.data.code) {
        return { status: 400, body: { error: 'unsupported_grant_type' } };
      }
      const outcome = grants.redeemCode({
        provider,
        code: parsed.data.code,
        clientId: credentials.id,
        redirectUri: parsed.data.redirect_uri,
        codeVerifier: parsed.data.code_verifier,
      });
      if (!outcome.ok) return { status: 400, body: { error: outcome.error, error_description: outcome.description } };
      const scope = provider === 'google' ? 'openid email profile' : 'identify email';
      return {
        status: 200,
        body: { access_token: outcome.accessToken, token_type: 'Bearer', expires_in: 3600, scope },
      };
    },

    userinfo(provider: TOAuthProvider, authorization: string | undefined): StandInAnswer {
      const token = authorization?.startsWith('Bearer ') ? authorization.slice(7) : '';
      const identity = token ? grants.identityFor(provider, token) : null;
      if (!identity) return { status: 401, body: { error: 'invalid_token' } };
      return { status: 200, body: userinfoBody(provider, identity) };
    },
  };
}
