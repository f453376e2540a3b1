import type { TCodeSent } from '@cypher/contract';
import type { AppContext } from '../../app-context.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError } from '../../http/app-error.ts';
import type { Principal } from '../../http/auth-guard.ts';
import { consumeRateLimit } from '../../http/rate-limit/rate-limiter.ts';
import { smsCodeText } from './auth-emails.ts';
import { deliver } from './deliver.ts';
import { getUser } from './find-user.ts';
import { challengeForAttempt, createChallenge, phoneEnding, renewChallengeCode } from './mfa-challenges.ts';
import { authRateLimits, type RequestMeta } from './rate-limits.ts';
import { hashSecretToken } from './secret-tokens.ts';

/**
 * Sends a code. With an mfaToken: a new code for that sign-in attempt (the SMS step's "resend"). Signed in
 * without one: a code to the registered phone, to confirm turning two-factor off.
 */
export async function sendMfaCode(
  ctx: AppContext,
  input: { mfaToken?: string | undefined; principal: Principal | null },
  meta: RequestMeta,
): Promise<TCodeSent> {
  const now = ctx.clock.now();
  await consumeRateLimit(ctx.rateLimiter, authRateLimits.smsPerIp, meta.ip);

  let sent: { code: string; expiresAt: Date; phoneNumber: string };
  if (input.mfaToken) {
    const challenge = await challengeForAttempt(ctx.db, hashSecretToken(input.mfaToken), now);
    await consumeRateLimit(ctx.rateLimiter, authRateLimits.signInSmsPerAccount, challenge.userId);
    sent = await inTransaction(ctx.db, (tx) => renewChallengeCode(tx, challenge.id, ctx.authSecret, now));
  } else {
    if (!input.principal) throw new AppError('UNAUTHORIZED');
    const user = await getUser(ctx.db, input.principal.userId);
    const phoneNumber = user.phoneNumber;
    if (!user.mfaEnabledAt || !phoneNumber) throw new AppError('MFA_NOT_ENABLED');
    await consumeRateLimit(ctx.rateLimiter, authRateLimits.settingsSmsPerAccount, user.id);
    const challenge = await inTransaction(ctx.db, (tx) =>
      createChallenge(tx, { userId: user.id, purpose: 'disable', phoneNumber, secret: ctx.authSecret, now }),
    );
    sent = { ...challenge, phoneNumber };
  }

  await deliver(() => ctx.sms.sendSms({ to: sent.phoneNumber, text: smsCodeText(ctx.config.brandName, sent.code) }), {
    isRequired: true,
    errorReporter: ctx.errorReporter,
  });
  return { phoneEnding: phoneEnding(sent.phoneNumber), expiresAt: sent.expiresAt.toISOString() };
}
