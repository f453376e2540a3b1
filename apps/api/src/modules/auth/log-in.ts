import type { TLoginRequest, TLoginResponse } from '@cypher/contract';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../http/app-error.ts';
import {
  assertUnderFailureLimit,
  clearFailures,
  consumeRateLimit,
  recordFailure,
} from '../../http/rate-limit/rate-limiter.ts';
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
  await assertUnderFailureLimit(ctx.rateLimiter, failedSignInsPerAccountAndIp, fromHere);
  await assertUnderFailureLimit(ctx.rateLimiter, failedSignInsPerAccount, input.email);
  const failed = async () => {
    await recordFailure(ctx.rateLimiter, failedSignInsPerAccountAndIp, fromHere);
    await recordFailure(ctx.rateLimiter, failedSignInsPerAccount, input.email);
  };

  const user = await findUserByEmail(ctx.db, input.email);
  if (!user) {
    await verifyAgainstDecoy(input.password);
    await failed();
    throw new AppError('USER_ID_NOT_FOUND');
  }
  if (!user.passwordHash || !(await verifyPassword(user.passwordHash, input.password))) {
    await failed();
    throw new AppError('INVALID_PASSWORD');
  }
  // The address that knew the password starts again; the account's own count runs out with its window.
  await clearFailures(ctx.rateLimiter, failedSignInsPerAccountAndIp, fromHere);

  return signInOrChallenge(ctx, user, meta);
}
