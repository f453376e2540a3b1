import type { TChangePasswordRequest } from '@cypher/contract';
import type { AppContext } from '../../app-context.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError } from '../../http/app-error.ts';
import type { Principal } from '../../http/auth-guard.ts';
import { consumeRateLimit, forgiveAttempt } from '../../http/rate-limit/rate-limiter.ts';
import { setPasswordHash } from '../users/accounts.ts';
import { passwordChangedEmail } from './auth-emails.ts';
import { deliver } from './deliver.ts';
import { getUser } from './find-user.ts';
import { hashPassword, isRecentPassword, verifyPassword } from './password-hashing.ts';
import { authRateLimits } from './rate-limits.ts';
import { endWhatTheOldPasswordOpened } from './password-replaced.ts';

/**
 * Changes the password, to one that is neither the current one nor the one before it; every other sign-in of the
 * account ends, this one goes on.
 */
export async function changePassword(ctx: AppContext, principal: Principal, input: TChangePasswordRequest) {
  const limit = authRateLimits.failedPasswordChecksPerAccount;
  // Counted as a wrong guess before it is checked, handed back once the current password proves right.
  await consumeRateLimit(ctx.rateLimiter, limit, principal.userId);
  const user = await getUser(ctx.db, principal.userId);
  if (!user.passwordHash) {
    await forgiveAttempt(ctx.rateLimiter, limit, principal.userId);
    throw new AppError('PASSWORD_NOT_SET');
  }
  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) throw new AppError('INVALID_PASSWORD');
  await forgiveAttempt(ctx.rateLimiter, limit, principal.userId);
  if (input.newPassword === input.currentPassword || (await isRecentPassword(user, input.newPassword))) {
    throw new AppError('ATTEMPT_TO_CHANGE_TO_SAME_PASSWORD');
  }
  const passwordHash = await hashPassword(input.newPassword);
  const now = ctx.clock.now();
  await inTransaction(ctx.db, async (tx) => {
    await setPasswordHash(tx, user.id, passwordHash, now);
    await endWhatTheOldPasswordOpened(tx, user.id, 'password_changed', now, principal.sessionId);
  });
  await deliver(() => ctx.mailer.sendEmail(passwordChangedEmail(ctx.config, user.email, 'changed')), {
    isRequired: false,
    errorReporter: ctx.errorReporter,
  });
}
