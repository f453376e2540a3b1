import type { AppContext } from '../../app-context.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError } from '../../http/app-error.ts';
import type { Principal } from '../../http/auth-guard.ts';
import { setTwoFactorPhone } from '../users/accounts.ts';
import { twoFactorChangedEmail } from './auth-emails.ts';
import { deliver } from './deliver.ts';
import { getUser } from './find-user.ts';
import { checkChallengeCode, latestChallenge, spendChallenge } from './mfa-challenges.ts';
import { assertRecentlyReauthenticated } from './reauthentication.ts';

/** Turns SMS two-factor on with the code sent by mfa-register; needs a recent password check. */
export async function enableMfa(ctx: AppContext, principal: Principal, code: string) {
  const now = ctx.clock.now();
  await assertRecentlyReauthenticated(ctx.db, principal, now);
  const challenge = await latestChallenge(ctx.db, principal.userId, 'register');
  if (!challenge) throw new AppError('VERIFICATION_CODE_EXPIRED');
  await checkChallengeCode(ctx.db, challenge.id, code, ctx.authSecret, now);
  await inTransaction(ctx.db, async (tx) => {
    const spent = await spendChallenge(tx, challenge.id, now);
    if (!(await setTwoFactorPhone(tx, principal.userId, spent.phoneNumber, now))) {
      throw new AppError('MFA_ALREADY_ENABLED');
    }
  });
  await tellOwner(ctx, principal.userId, true);
  return { isEnabled: true, verifiedAt: now.toISOString() };
}

/** Turns SMS two-factor off with a code sent by mfa-code to the registered phone; needs a recent password check. */
export async function disableMfa(ctx: AppContext, principal: Principal, code: string) {
  const now = ctx.clock.now();
  await assertRecentlyReauthenticated(ctx.db, principal, now);
  const challenge = await latestChallenge(ctx.db, principal.userId, 'disable');
  if (!challenge) throw new AppError('VERIFICATION_CODE_EXPIRED');
  await checkChallengeCode(ctx.db, challenge.id, code, ctx.authSecret, now);
  await inTransaction(ctx.db, async (tx) => {
    await spendChallenge(tx, challenge.id, now);
    if (!(await setTwoFactorPhone(tx, principal.userId, null, now))) throw new AppError('MFA_NOT_ENABLED');
  });
  await tellOwner(ctx, principal.userId, false);
  return { isEnabled: false, verifiedAt: null };
}

/** By email, once the change is committed (house rule 7): a courtesy, so a failure is only reported. */
async function tellOwner(ctx: AppContext, userId: string, isEnabled: boolean) {
  const { email } = await getUser(ctx.db, userId);
  await deliver(() => ctx.mailer.sendEmail(twoFactorChangedEmail(ctx.config, email, isEnabled)), {
    isRequired: false,
    errorReporter: ctx.errorReporter,
  });
}
