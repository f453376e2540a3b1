import { eq } from 'drizzle-orm';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../http/app-error.ts';
import type { Principal } from '../../http/auth-guard.ts';
import { clearFailures, consumeRateLimit, forgiveAttempt } from '../../http/rate-limit/rate-limiter.ts';
import { sessions } from './auth.tables.ts';
import { getUser } from './find-user.ts';
import { verifyPassword } from './password-hashing.ts';
import { authRateLimits } from './rate-limits.ts';
import { REAUTHENTICATION_WINDOW_MS } from './reauthentication.ts';

/**
 * Re-authentication before a sensitive change (two-factor on or off, later: withdrawals, deletion): a right password
 * marks this sign-in as confirmed for the next ten minutes.
 */
export async function checkPassword(ctx: AppContext, principal: Principal, password: string) {
  const limit = authRateLimits.failedPasswordChecksPerAccount;
  // Counted as a wrong guess before it is checked, handed back when it is not one (forgiveAttempt).
  await consumeRateLimit(ctx.rateLimiter, limit, principal.userId);
  const user = await getUser(ctx.db, principal.userId);
  if (!user.passwordHash) {
    await forgiveAttempt(ctx.rateLimiter, limit, principal.userId);
    throw new AppError('PASSWORD_NOT_SET');
  }
  if (!(await verifyPassword(user.passwordHash, password))) throw new AppError('INVALID_PASSWORD');
  await clearFailures(ctx.rateLimiter, limit, principal.userId);
  const now = ctx.clock.now();
  await ctx.db.update(sessions).set({ reauthenticatedAt: now }).where(eq(sessions.id, principal.sessionId));
  return { reauthenticatedUntil: new Date(now.getTime() + REAUTHENTICATION_WINDOW_MS).toISOString() };
}
