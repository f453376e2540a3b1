import type { TMyUser } from '@cypher/contract';
import type { AppContext } from '../../../app-context.ts';
import { AppError } from '../../../http/app-error.ts';
import type { Principal } from '../../../http/auth-guard.ts';
import { deliver } from '../../auth/deliver.ts';
import { getMyUser } from '../get-my-user.ts';
import { transitionDeletionState } from './account-deletion-states.ts';
import { deletionCancelledEmail } from './deletion-emails.ts';

/**
 * POST /v1/users/delete-revoke: cancels a pending deletion (the cancel button of the deletion-in-progress screen).
 * Signing in again already proved who is asking; a deletion the job completed cannot be cancelled (and its
 * account can no longer sign in). The owner is told by email, as they were of the request.
 */
export async function revokeAccountDeletion(ctx: AppContext, principal: Principal): Promise<TMyUser> {
  const isMoved = await transitionDeletionState(ctx.db, principal.userId, {
    from: 'REQUESTED',
    to: 'IN_USE',
    now: ctx.clock.now(),
  });
  if (!isMoved) throw new AppError('ACCOUNT_DELETION_NOT_REQUESTED');
  const me = await getMyUser(ctx.db, principal.userId, ctx.clock.now());
  await deliver(() => ctx.mailer.sendEmail(deletionCancelledEmail(ctx.config, me.email)), {
    isRequired: false,
    errorReporter: ctx.errorReporter,
  });
  return me;
}
