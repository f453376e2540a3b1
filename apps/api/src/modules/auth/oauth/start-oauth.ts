import type { TOAuthAuthorization, TOAuthProvider } from '@cypher/contract';
import type { AppContext } from '../../../app-context.ts';
import { AppError } from '../../../http/app-error.ts';
import type { Principal } from '../../../http/auth-guard.ts';
import { consumeRateLimit } from '../../../http/rate-limit/rate-limiter.ts';
import { assertCanConnectDiscord } from '../../users/discord/discord-link.ts';
import { authRateLimits, type RequestMeta } from '../rate-limits.ts';
import type { TOAuthPurpose } from './oauth.tables.ts';
import { createOAuthState } from './oauth-states.ts';
import { requireOAuthClient } from './require-oauth-client.ts';

/** Spec section 2: Google signs people in; Discord is only ever connected to an account someone is signed in to. */
const purposeOf: Record<TOAuthProvider, TOAuthPurpose> = { google: 'sign_in', discord: 'connect' };

/**
 * GET /v1/users/authentications/oauth/{provider}: the provider's authorize URL, with a state and PKCE challenge whose
 * verifier stays here. Connecting Discord checks the fourteen-day lock first, so nobody is sent to Discord for nothing.
 */
export async function startOAuth(
  ctx: AppContext,
  provider: TOAuthProvider,
  principal: Principal | null,
  meta: RequestMeta,
): Promise<TOAuthAuthorization> {
  const client = requireOAuthClient(ctx, provider);
  // Each call writes a row; a per-address limit keeps a script from filling the table.
  await consumeRateLimit(ctx.rateLimiter, authRateLimits.oauthStartsPerIp, meta.ip);
  const purpose = purposeOf[provider];
  const now = ctx.clock.now();
  if (purpose === 'connect') {
    if (!principal) throw new AppError('UNAUTHORIZED');
    await assertCanConnectDiscord(ctx.db, principal.userId, now);
  }
  const { state, codeVerifier } = await createOAuthState(ctx.db, {
    provider,
    purpose,
    userId: purpose === 'connect' ? (principal?.userId ?? null) : null,
    now,
  });
  return { url: client.authorizationUrl(state, codeVerifier) };
}
