import type { TLoginResponse, TSocialSignUpRequest } from '@cypher/contract';
import type { AppContext } from '../../../app-context.ts';
import { inTransaction } from '../../../db/transaction.ts';
import { AppError } from '../../../http/app-error.ts';
import { consumeRateLimit } from '../../../http/rate-limit/rate-limiter.ts';
import { newId } from '../../../lib/ids.ts';
import { createAccount, isEmailTaken } from '../../users/accounts.ts';
import { getUser } from '../find-user.ts';
import { signUpPerIp, type RequestMeta } from '../rate-limits.ts';
import { startSession } from '../sessions.ts';
import { signInOrChallenge } from '../sign-in-or-challenge.ts';
import { findLinkedAccount, isProviderAccountTaken, linkProviderAccount } from './linked-accounts.ts';
import { socialSignUpTokens } from './social-sign-up-tokens.ts';

/** How long after the sign-up its token still signs in to the account it made. */
const SIGN_UP_REPLAY_WINDOW_MS = 60_000;

/**
 * POST /v1/users/social: the account for a person a provider vouched for, after they agreed to the terms. Their email
 * is verified by the provider, so the account starts at EMAIL_VERIFIED (next: profile creation), without a password.
 * Sending the same token again soon after (a double click, an answer lost) signs in to the account the first one
 * made; later it is spent (USER_ALREADY_EXISTS): the token is good for half an hour, and each use would be a sign-in
 * confirmed for sensitive changes, outliving a sign-out.
 */
export async function signUpWithSocial(
  ctx: AppContext,
  input: Required<TSocialSignUpRequest>,
  meta: RequestMeta,
): Promise<{ isCreated: boolean; signIn: TLoginResponse }> {
  await consumeRateLimit(ctx.rateLimiter, signUpPerIp(ctx.config.auth.signUpLimitPerHour), meta.ip);
  const claims = await socialSignUpTokens(ctx.authSecret, ctx.config.auth.issuer, ctx.clock).verify(input.signUpToken);
  const now = ctx.clock.now();
  const linked = await findLinkedAccount(ctx.db, claims.provider, claims.providerUserId);
  if (linked) {
    if (now.getTime() - linked.linkedAt.getTime() > SIGN_UP_REPLAY_WINDOW_MS) throw new AppError('USER_ALREADY_EXISTS');
    const signIn = await signInOrChallenge(ctx, await getUser(ctx.db, linked.userId), meta, {
      isReauthentication: true,
    });
    return { isCreated: false, signIn };
  }

  const userId = newId();
  const signIn = await inTransaction(ctx.db, async (tx) => {
    try {
      await createAccount(
        tx,
        {
          id: userId,
          email: claims.email,
          passwordHash: null,
          status: 'EMAIL_VERIFIED',
          marketingConsent: input.marketingConsent,
        },
        now,
      );
      await linkProviderAccount(
        tx,
        {
          userId,
          provider: claims.provider,
          providerUserId: claims.providerUserId,
          email: claims.email,
          displayName: claims.name,
        },
        now,
      );
    } catch (error) {
      // Someone signed up with this email (by password) between the callback and now.
      if (isEmailTaken(error)) throw new AppError('DUPLICATE_ID_EXISTS');
      // The same token in two requests at once: the other one made the account.
      if (isProviderAccountTaken(error)) throw new AppError('USER_ALREADY_EXISTS');
      throw error;
    }
    return startSession(tx, ctx, userId, meta, { isReauthentication: true });
  });
  return { isCreated: true, signIn };
}
