import type { TOAuthCallbackRequest, TOAuthSignInResponse } from '@cypher/contract';
import type { AppContext } from '../../../app-context.ts';
import { AppError } from '../../../http/app-error.ts';
import { consumeRateLimit } from '../../../http/rate-limit/rate-limiter.ts';
import { findUserByEmail, getUser } from '../find-user.ts';
import { authRateLimits, type RequestMeta } from '../rate-limits.ts';
import { signInOrChallenge } from '../sign-in-or-challenge.ts';
import { fetchProviderProfile } from './fetch-provider-profile.ts';
import { findLinkedAccount } from './linked-accounts.ts';
import { consumeOAuthState } from './oauth-states.ts';
import { requireOAuthClient } from './require-oauth-client.ts';
import { socialSignUpTokens } from './social-sign-up-tokens.ts';

/**
 * The Google callback: spend the state, exchange the code (PKCE), read the profile, then either sign the matching
 * account in (two-factor applies as for a password sign-in) or hand back the social profile for sign-up consent.
 * An email that already has a password account is refused rather than linked: linking on email alone would let
 * whoever controls a Google account with that address into someone else's account.
 */
export async function signInWithGoogle(
  ctx: AppContext,
  input: TOAuthCallbackRequest,
  meta: RequestMeta,
): Promise<TOAuthSignInResponse> {
  const client = requireOAuthClient(ctx, 'google');
  await consumeRateLimit(ctx.rateLimiter, authRateLimits.signInPerIp, meta.ip);
  const now = ctx.clock.now();
  const { codeVerifier } = await consumeOAuthState(ctx.db, {
    provider: 'google',
    purpose: 'sign_in',
    state: input.state,
    now,
  });
  const profile = await fetchProviderProfile(ctx, client, input.code, codeVerifier);

  const linked = await findLinkedAccount(ctx.db, 'google', profile.providerUserId);
  if (linked) {
    return signInOrChallenge(ctx, await getUser(ctx.db, linked.userId), meta, { isReauthentication: true });
  }

  if (!profile.email || !profile.isEmailVerified) throw new AppError('SOCIAL_EMAIL_NOT_VERIFIED');
  if (await findUserByEmail(ctx.db, profile.email)) throw new AppError('DUPLICATE_ID_EXISTS');
  const social = { provider: 'google' as const, email: profile.email, name: profile.name, picture: profile.picture };
  const signUpToken = await socialSignUpTokens(ctx.authSecret, ctx.config.auth.issuer, ctx.clock).sign({
    ...social,
    providerUserId: profile.providerUserId,
  });
  return { signUpRequired: true, socialProfile: { ...social, signUpToken } };
}
