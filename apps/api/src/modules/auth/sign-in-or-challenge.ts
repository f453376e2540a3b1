import type { TLoginResponse } from '@cypher/contract';
import type { AppContext } from '../../app-context.ts';
import { inTransaction } from '../../db/transaction.ts';
import { consumeRateLimit } from '../../http/rate-limit/rate-limiter.ts';
import type { TAccount } from '../users/accounts.ts';
import { smsCodeText } from './auth-emails.ts';
import { deliver } from './deliver.ts';
import { createChallenge, phoneEnding } from './mfa-challenges.ts';
import { authRateLimits, type RequestMeta } from './rate-limits.ts';
import { hashSecretToken, newSecretToken } from './secret-tokens.ts';
import { startSession } from './sessions.ts';

/**
 * The last step of every sign-in once the first factor is proven (a password, or a provider such as Google): tokens,
 * or with SMS two-factor on, a challenge. The code goes to the phone and `sign-in-2fa` finishes with the mfaToken
 * that binds the code to this attempt, so two-factor protects a social sign-in exactly as it does a password one.
 */
export async function signInOrChallenge(
  ctx: AppContext,
  user: TAccount,
  meta: RequestMeta,
  options: { isReauthentication?: boolean } = {},
): Promise<TLoginResponse> {
  if (!user.mfaEnabledAt || !user.phoneNumber) {
    return inTransaction(ctx.db, (tx) => startSession(tx, ctx, user.id, meta, options));
  }

  await consumeRateLimit(ctx.rateLimiter, authRateLimits.signInSmsPerAccount, user.id);
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
