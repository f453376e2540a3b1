import { eq } from 'drizzle-orm';
import type { TAccountDeletionRequested } from '@cypher/contract';
import type { AppContext } from '../../../app-context.ts';
import { inTransaction } from '../../../db/transaction.ts';
import { AppError } from '../../../http/app-error.ts';
import type { Principal } from '../../../http/auth-guard.ts';
import { getUser } from '../../auth/find-user.ts';
import { deliver } from '../../auth/deliver.ts';
import { assertRecentlyReauthenticated } from '../../auth/reauthentication.ts';
import { revokeUserSessions } from '../../auth/sessions.ts';
import { users } from '../users.tables.ts';
import { transitionDeletionState } from './account-deletion-states.ts';
import { ACCOUNT_DELETION_GRACE_MS } from './complete-account-deletions.ts';
import { deletionRequestedEmail } from './deletion-emails.ts';
import { accountHasAssetsError, findDeletionBlockers } from './deletion-blockers.ts';

/**
 * POST /v1/users/delete-request (spec section 4): with a password confirmed in the last ten minutes, and only once
 * balance, packs and NFTs are gone. Every sign-in ends, this one included; signing in again within the seven days
 * shows the deletion-in-progress screen, where the request can be cancelled.
 */
export async function requestAccountDeletion(
  ctx: AppContext,
  principal: Principal,
): Promise<TAccountDeletionRequested> {
  const now = ctx.clock.now();
  await assertRecentlyReauthenticated(ctx.db, principal, now);
  const deletesAt = new Date(now.getTime() + ACCOUNT_DELETION_GRACE_MS);
  const email = await inTransaction(ctx.db, async (tx) => {
    // Held to commit, before the blockers are asked, as the deletion job holds it: a deposit, check-in or code takes
    // this row first (users/people.ts, assertAccountOpen), so it either committed before the check, which then finds
    // what it brought, or waits and finds the request made and is refused; none lands between the two.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, principal.userId)).for('update');
    const blockers = await findDeletionBlockers(tx, principal.userId);
    if (blockers.length > 0) throw accountHasAssetsError(blockers);
    const isMoved = await transitionDeletionState(tx, principal.userId, { from: 'IN_USE', to: 'REQUESTED', now });
    if (!isMoved) throw new AppError('ACCOUNT_DELETION_ALREADY_REQUESTED');
    await revokeUserSessions(tx, principal.userId, 'account_deletion_requested', now);
    return (await getUser(tx, principal.userId)).email;
  });
  await deliver(() => ctx.mailer.sendEmail(deletionRequestedEmail(ctx.config, email, deletesAt)), {
    isRequired: false,
    errorReporter: ctx.errorReporter,
  });
  return { deleteRequestedAt: now.toISOString(), deletesAt: deletesAt.toISOString() };
}
