import type { TConfirmPasswordResetRequest } from '@cypher/contract';
import type { AppContext } from '../../app-context.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError } from '../../http/app-error.ts';
import { transitionAccountStatus } from '../users/account-status.ts';
import { setPasswordHash } from '../users/accounts.ts';
import { consumeAccountKey, findAccountKeyOwner } from './account-keys.ts';
import { passwordChangedEmail } from './auth-emails.ts';
import { deliver } from './deliver.ts';
import { getUser } from './find-user.ts';
import { hashPassword, isRecentPassword } from './password-hashing.ts';
import { endWhatTheOldPasswordOpened } from './password-replaced.ts';

/**
 * Whether the key from a reset mail still works: unspent and within its hour (INVALID_AUTHORIZATION_KEY otherwise).
 * Reads only, so the page that opens from the link can say a spent link is spent before asking for a password; the
 * reset itself spends the key in one conditional update, whatever this said.
 */
export async function checkPasswordResetKey(ctx: AppContext, key: string): Promise<void> {
  await findAccountKeyOwner(ctx.db, 'password_reset', key, ctx.clock.now());
}

/**
 * Sets a new password with the key from the reset mail (neither the current password nor the one before it) and ends
 * every sign-in. Following the link also proves the address, so a CREATED account counts as verified from here on.
 * The owner is told by email, as after a change from the account page.
 */
export async function resetPassword(ctx: AppContext, input: TConfirmPasswordResetRequest): Promise<void> {
  const now = ctx.clock.now();
  const ownerId = await findAccountKeyOwner(ctx.db, 'password_reset', input.key, now);
  const owner = await getUser(ctx.db, ownerId);
  if (await isRecentPassword(owner, input.password)) throw new AppError('ATTEMPT_TO_CHANGE_TO_SAME_PASSWORD');
  const passwordHash = await hashPassword(input.password);
  await inTransaction(ctx.db, async (tx) => {
    const userId = await consumeAccountKey(tx, 'password_reset', input.key, now);
    await setPasswordHash(tx, userId, passwordHash, now, { emailVerifiedAt: owner.emailVerifiedAt ?? now });
    if (owner.status === 'CREATED') await transitionAccountStatus(tx, userId, 'CREATED', 'EMAIL_VERIFIED', now);
    await endWhatTheOldPasswordOpened(tx, userId, 'password_reset', now);
  });
  await deliver(() => ctx.mailer.sendEmail(passwordChangedEmail(ctx.config, owner.email, 'reset')), {
    isRequired: false,
    errorReporter: ctx.errorReporter,
  });
}
