import type { AppContext } from '../../app-context.ts';
import { inTransaction } from '../../db/transaction.ts';
import { consumeRateLimit } from '../../http/rate-limit/rate-limiter.ts';
import { issueAccountKey } from './account-keys.ts';
import { passwordResetEmail } from './auth-emails.ts';
import { deliver } from './deliver.ts';
import { findUserByEmail } from './find-user.ts';
import { authRateLimits, type RequestMeta } from './rate-limits.ts';

/**
 * Mails a single-use reset link valid for one hour. The answer is the same whether or not the address has an
 * account, so this form cannot be used to find out who is a member.
 */
export async function requestPasswordReset(ctx: AppContext, email: string, meta: RequestMeta): Promise<void> {
  await consumeRateLimit(ctx.rateLimiter, authRateLimits.passwordResetPerIp, meta.ip);
  await consumeRateLimit(ctx.rateLimiter, authRateLimits.passwordResetPerAccount, email);
  const user = await findUserByEmail(ctx.db, email);
  if (!user) return;
  const key = await inTransaction(ctx.db, (tx) => issueAccountKey(tx, user.id, 'password_reset', ctx.clock.now()));
  await deliver(() => ctx.mailer.sendEmail(passwordResetEmail(ctx.config, user.email, key)), {
    isRequired: true,
    errorReporter: ctx.errorReporter,
  });
}
