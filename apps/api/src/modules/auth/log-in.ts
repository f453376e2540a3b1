import type { TLoginRequest, TLoginResponse } from '@cypher/contract';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../http/app-error.ts';
import { clearFailures, consumeRateLimit, forgiveAttempt } from '../../http/rate-limit/rate-limiter.ts';
import { findUserByEmail } from './find-user.ts';
import { verifyAgainstDecoy, verifyPassword } from './password-hashing.ts';
import { authRateLimits, type RequestMeta } from './rate-limits.ts';
import { signInOrChallenge } from './sign-in-or-challenge.ts';

/**
 * Email and password sign-in. With SMS two-factor on, the answer is a challenge instead of tokens (see
 * signInOrChallenge). An account whose deletion is pending signs in as usual: the web then shows the
 * deletion-in-progress screen, where the request can be cancelled.
 */
export async function logIn(ctx: AppContext, input: TLoginRequest, meta: RequestMeta): Promise<TLoginResponse> {
  const { failedSignInsPerAccount, failedSignInsPerAccountAndIp, signInPerIp } = authRateLimits;
  const fromHere = `${input.email}|${meta.ip}`;
  await consumeRateLimit(ctx.rateLimiter, signInPerIp, meta.ip);
  // Each attempt counts as a failure before the password is checked, and is handed back when it was right: counts
  // moved only after a failure let guesses sent side by side all pass a reading none of them had moved yet.
  await consumeRateLimit(ctx.rateLimiter, failedSignInsPerAccountAndIp, fromHere);
  await consumeRateLimit(ctx.rateLimiter, failedSignInsPerAccount, input.email).catch(async (refusal: unknown) => {
    // Refused for the account as a whole: nothing was tried from this address.
    await forgiveAttempt(ctx.rateLimiter, failedSignInsPerAccountAndIp, fromHere);
    throw refusal;
  });

  const user = await findUserByEmail(ctx.db, input.email);
  if (!user) {
    await verifyAgainstDecoy(input.password);
    throw new AppError('USER_ID_NOT_FOUND');
  }
  if (!user.passwordHash || !(await verifyPassword(user.passwordHash, input.password))) {
    throw new AppError('INVALID_PASSWORD');
  }
  // The address that knew the password starts again; the account's own count runs out with its window.
  await clearFailures(ctx.rateLimiter, failedSignInsPerAccountAndIp, fromHere);
  await forgiveAttempt(ctx.rateLimiter, failedSignInsPerAccount, input.email);

  return signInOrChallenge(ctx, user, meta, { checkedPasswordHash: user.passwordHash });
}
