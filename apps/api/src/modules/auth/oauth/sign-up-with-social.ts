import { and, eq } from 'drizzle-orm';
import type { TLoginResponse, TSocialSignUpRequest } from '@cypher/contract';
import type { AppContext } from '../../../app-context.ts';
import { isUniqueViolation } from '../../../db/errors.ts';
import { inTransaction } from '../../../db/transaction.ts';
import { AppError } from '../../../http/app-error.ts';
import { consumeRateLimit } from '../../../http/rate-limit/rate-limiter.ts';
import { newId } from '../../../lib/ids.ts';
import { users } from '../../users/users.tables.ts';
import { getUser } from '../find-user.ts';
import { authRateLimits, type RequestMeta } from '../rate-limits.ts';
import { startSession } from '../sessions.ts';
import { signInOrChallenge } from '../sign-in-or-challenge.ts';
import { oauthAccounts } from './oauth.tables.ts';
import { socialSignUpTokens } from './social-sign-up-tokens.ts';

/**
 * POST /v1/users/social: the account for a person a provider vouched for, after they agreed to the terms. Their email
 * is verified by the provider, so the account starts at EMAIL_VERIFIED (next: profile creation), without a password.
 * Sending the same token twice (a double click) signs in to the account the first one made.
 */
export async function signUpWithSocial(
  ctx: AppContext,
  input: Required<TSocialSignUpRequest>,
  meta: RequestMeta,
): Promise<{ isCreated: boolean; signIn: TLoginResponse }> {
  await consumeRateLimit(ctx.rateLimiter, authRateLimits.signUpPerIp, meta.ip);
  const claims = await socialSignUpTokens(ctx.authSecret, ctx.config.auth.issuer, ctx.clock).verify(input.signUpToken);
  const [existing] = await ctx.db
    .select({ userId: oauthAccounts.userId })
    .from(oauthAccounts)
    .where(and(eq(oauthAccounts.provider, claims.provider), eq(oauthAccounts.providerUserId, claims.providerUserId)));
  if (existing) {
    const signIn = await signInOrChallenge(ctx, await getUser(ctx.db, existing.userId), meta, {
      isReauthentication: true,
    });
    return { isCreated: false, signIn };
  }

  const now = ctx.clock.now();
  const userId = newId();
  const signIn = await inTransaction(ctx.db, async (tx) => {
    try {
      await tx.insert(users).values({
        id: userId,
        email: claims.email,
        passwordHash: null,
        status: 'EMAIL_VERIFIED',
        marketingConsent: input.marketingConsent,
        agreedToTermsAt: now,
        agreedToPrivacyAt: now,
        emailVerifiedAt: now,
        createdAt: now,
        updatedAt: now,
      });
      await tx.insert(oauthAccounts).values({
        id: newId(),
        userId,
        provider: claims.provider,
        providerUserId: claims.providerUserId,
        email: claims.email,
        displayName: claims.name,
        linkedAt: now,
      });
    } catch (error) {
      // Someone signed up with this email (by password) between the callback and now.
      if (isUniqueViolation(error, 'users_email_lower_key')) throw new AppError('SOCIAL_EMAIL_ALREADY_REGISTERED');
      // The same token in two requests at once: the other one made the account.
      if (isUniqueViolation(error, 'oauth_accounts_provider_user_key')) throw new AppError('USER_ALREADY_EXISTS');
      throw error;
    }
    return startSession(tx, ctx, userId, meta, { isReauthentication: true });
  });
  return { isCreated: true, signIn };
}
