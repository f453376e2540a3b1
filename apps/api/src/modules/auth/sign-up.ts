import type { TSignUpRequest, TTokenPair } from '@cypher/contract';
import type { AppContext } from '../../app-context.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError } from '../../http/app-error.ts';
import { consumeRateLimit } from '../../http/rate-limit/rate-limiter.ts';
import { newId } from '../../lib/ids.ts';
import { createAccount, isEmailTaken } from '../users/accounts.ts';
import { issueAccountKey } from './account-keys.ts';
import { verificationEmail } from './auth-emails.ts';
import { deliver } from './deliver.ts';
import { hashPassword } from './password-hashing.ts';
import { signUpPerIp, type RequestMeta } from './rate-limits.ts';
import { startSession } from './sessions.ts';

/** Creates the account (status CREATED), signs it in, and sends the verification email. */
export async function signUp(ctx: AppContext, input: Required<TSignUpRequest>, meta: RequestMeta): Promise<TTokenPair> {
  await consumeRateLimit(ctx.rateLimiter, signUpPerIp(ctx.config.auth.signUpLimitPerHour), meta.ip);
  // Hashing is slow on purpose; do it before the transaction so no row lock waits on it.
  const passwordHash = await hashPassword(input.password);
  const now = ctx.clock.now();
  const userId = newId();

  const { tokens, verificationKey } = await inTransaction(ctx.db, async (tx) => {
    try {
      await createAccount(
        tx,
        { id: userId, email: input.email, passwordHash, status: 'CREATED', marketingConsent: input.marketingConsent },
        now,
      );
    } catch (error) {
      if (isEmailTaken(error)) throw new AppError('USER_ALREADY_EXISTS');
      throw error;
    }
    const verificationKey = await issueAccountKey(tx, userId, 'email_verification', now);
    const tokens = await startSession(tx, ctx, userId, meta);
    return { tokens, verificationKey };
  });

  await deliver(() => ctx.mailer.sendEmail(verificationEmail(ctx.config, input.email, verificationKey)), {
    isRequired: false,
    errorReporter: ctx.errorReporter,
  });
  return tokens;
}
