import type { TLoginRequest, TLoginResponse } from '@cypher/contract';
import type { AppContext } from '../../app-context.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError } from '../../http/app-error.ts';
import {
  assertUnderFailureLimit,
  clearFailures,
  consumeRateLimit,
  recordFailure,
} from '../../http/rate-limit/rate-limiter.ts';
import { smsCodeText } from './auth-emails.ts';
import { deliver } from './deliver.ts';
import { findUserByEmail } from './find-user.ts';
import { createChallenge, phoneEnding } from './mfa-challenges.ts';
import { verifyAgainstDecoy, verifyPassword } from './password-hashing.ts';
import { authRateLimits, type RequestMeta } from './rate-limits.ts';
import { hashSecretToken, newSecretToken } from './secret-tokens.ts';
import { startSession } from './sessions.ts';

/**
 * Email and password sign-in. With SMS two-factor on, the answer is a challenge instead of tokens: a code goes to
 * the phone and `sign-in-2fa` finishes with the mfaToken that binds the code to this attempt.
 */
export async function logIn(ctx: AppContext, input: TLoginRequest, meta: RequestMeta): Promise<TLoginResponse> {
  const { failedSignInsPerAccount, signInPerIp } = authRateLimits;
  await consumeRateLimit(ctx.rateLimiter, signInPerIp, meta.ip);
  await assertUnderFailureLimit(ctx.rateLimiter, failedSignInsPerAccount, input.email);

  const user = await findUserByEmail(ctx.db, input.email);
  if (!user) {
    await verifyAgainstDecoy(input.password);
    await recordFailure(ctx.rateLimiter, failedSignInsPerAccount, input.email);
    throw new AppError('USER_ID_NOT_FOUND');
  }
  if (!user.passwordHash || !(await verifyPassword(user.passwordHash, input.password))) {
    await recordFailure(ctx.rateLimiter, failedSignInsPerAccount, input.email);
    throw new AppError('INVALID_PASSWORD');
  }
  await clearFailures(ctx.rateLimiter, failedSignInsPerAccount, input.email);

  if (!user.mfaEnabledAt || !user.phoneNumber) {
    return inTransaction(ctx.db, (tx) => startSession(tx, ctx, user.id, meta));
  }

  await consumeRateLimit(ctx.rateLimiter, authRateLimits.smsPerAccount, user.id);
  const mfaToken = newSecretToken();
  const phoneNumber = user.phoneNumber;
  const { code } = await inTransaction(ctx.db, (tx) =>
    createChallenge(tx, {
      userId: user.id,
      purpose: 'sign_in',
      phoneNumber,
      attemptTokenHash: hashSecretToken(mfaToken),
      secret: ctx.authSecret,
      now: ctx.clock.now(),
    }),
  );
  await deliver(() => ctx.sms.sendSms({ to: phoneNumber, text: smsCodeText(ctx.config.brandName, code) }), {
    isRequired: true,
    errorReporter: ctx.errorReporter,
  });
  return { mfaRequired: true, mfaToken, phoneEnding: phoneEnding(phoneNumber) };
}
