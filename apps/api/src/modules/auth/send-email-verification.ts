import type { AppContext } from '../../app-context.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError } from '../../http/app-error.ts';
import { consumeRateLimit } from '../../http/rate-limit/rate-limiter.ts';
import { issueAccountKey } from './account-keys.ts';
import { verificationEmail } from './auth-emails.ts';
import { deliver } from './deliver.ts';
import { getUser } from './find-user.ts';
import { authRateLimits } from './rate-limits.ts';

/** Sends (or sends again) the verification link to the signed-in user's address. */
export async function sendEmailVerification(ctx: AppContext, userId: string): Promise<{ sentTo: string }> {
  const user = await getUser(ctx.db, userId);
  if (user.emailVerifiedAt) throw new AppError('EMAIL_ALREADY_VERIFIED');
  await consumeRateLimit(ctx.rateLimiter, authRateLimits.verificationMailsPerAccount, user.id);
  const key = await inTransaction(ctx.db, (tx) => issueAccountKey(tx, user.id, 'email_verification', ctx.clock.now()));
  await deliver(() => ctx.mailer.sendEmail(verificationEmail(ctx.config, user.email, key)), {
    isRequired: true,
    errorReporter: ctx.errorReporter,
  });
  return { sentTo: user.email };
}
