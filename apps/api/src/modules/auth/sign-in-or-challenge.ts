import type { TLoginResponse } from '@cypher/contract';
import type { AppContext } from '../../app-context.ts';
import { inTransaction } from '../../db/transaction.ts';
import { consumeRateLimit } from '../../http/rate-limit/rate-limiter.ts';
import { AppError } from '../../http/app-error.ts';
import type { Db } from '../../db/client.ts';
import { lockedPasswordHash, type TAccount } from '../users/accounts.ts';
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
 *
 * `checkedPasswordHash` is the hash a password sign-in was checked against. It must still be the account's when the
 * sign-in opens, held so until it commits: otherwise a reset committing during the check would end every sign-in but
 * this one, which it could not see yet, and the old password would outlive the reset.
 */
export async function signInOrChallenge(
  ctx: AppContext,
  user: TAccount,
  meta: RequestMeta,
  options: { isReauthentication?: boolean; checkedPasswordHash?: string } = {},
): Promise<TLoginResponse> {
  const assertPasswordUnchanged = async (tx: Db) => {
    if (options.checkedPasswordHash === undefined) return;
    if ((await lockedPasswordHash(tx, user.id)) !== options.checkedPasswordHash) throw new AppError('INVALID_PASSWORD');
  };
  if (!user.mfaEnabledAt || !user.phoneNumber) {
    return inTransaction(ctx.db, async (tx) => {
      await assertPasswordUnchanged(tx);
      return startSession(tx, ctx, user.id, meta, options);
    });
  }

  await consumeRateLimit(ctx.rateLimiter, authRateLimits.signInSmsPerAccount, user.id);
  const mfaToken = newSecretToken();
  const phoneNumber = user.phoneNumber;
  const { code } = await inTransaction(ctx.db, async (tx) => {
    await assertPasswordUnchanged(tx);
    return createChallenge(tx, {
      userId: user.id,
      purpose: 'sign_in',
      phoneNumber,
      attemptTokenHash: hashSecretToken(mfaToken),
      isReauthentication: options.isReauthentication ?? false,
      secret: ctx.authSecret,
      now: ctx.clock.now(),
    });
  });
  await deliver(() => ctx.sms.sendSms({ to: phoneNumber, text: smsCodeText(ctx.config.brandName, code) }), {
    isRequired: true,
    errorReporter: ctx.errorReporter,
  });
  return { mfaRequired: true, mfaToken, phoneEnding: phoneEnding(phoneNumber) };
}
