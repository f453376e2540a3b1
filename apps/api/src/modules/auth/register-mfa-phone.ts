import type { TCodeSent } from '@cypher/contract';
import type { AppContext } from '../../app-context.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError } from '../../http/app-error.ts';
import type { Principal } from '../../http/auth-guard.ts';
import { consumeRateLimit } from '../../http/rate-limit/rate-limiter.ts';
import { smsCodeText } from './auth-emails.ts';
import { deliver } from './deliver.ts';
import { getUser } from './find-user.ts';
import { createChallenge, phoneEnding } from './mfa-challenges.ts';
import { assertRecentlyReauthenticated } from './reauthentication.ts';
import type { RequestMeta } from './rate-limits.ts';
import { authRateLimits } from './rate-limits.ts';

/** First step of turning SMS two-factor on: a code goes to the new number, `POST mfa` with it proves the number. */
export async function registerMfaPhone(
  ctx: AppContext,
  principal: Principal,
  phoneNumber: string,
  meta: RequestMeta,
): Promise<TCodeSent> {
  const user = await getUser(ctx.db, principal.userId);
  if (!user.emailVerifiedAt) throw new AppError('EMAIL_VERIFICATION_REQUIRED');
  if (user.mfaEnabledAt) throw new AppError('MFA_ALREADY_ENABLED');
  // Turning it on asks for a recent password check (enableMfa): asked here too, before any text is sent.
  await assertRecentlyReauthenticated(ctx.db, principal, ctx.clock.now());
  await consumeRateLimit(ctx.rateLimiter, authRateLimits.smsPerIp, meta.ip);
  await consumeRateLimit(ctx.rateLimiter, authRateLimits.settingsSmsPerAccount, user.id);
  const { code, expiresAt } = await inTransaction(ctx.db, (tx) =>
    createChallenge(tx, {
      userId: user.id,
      purpose: 'register',
      phoneNumber,
      secret: ctx.authSecret,
      now: ctx.clock.now(),
    }),
  );
  await deliver(() => ctx.sms.sendSms({ to: phoneNumber, text: smsCodeText(ctx.config.brandName, code) }), {
    isRequired: true,
    errorReporter: ctx.errorReporter,
  });
  return { phoneEnding: phoneEnding(phoneNumber), expiresAt: expiresAt.toISOString() };
}
