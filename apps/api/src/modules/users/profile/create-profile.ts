import { eq } from 'drizzle-orm';
import type { TCreateProfileRequest, TMyUser } from '@cypher/contract';
import type { AppContext } from '../../../app-context.ts';
import { inTransaction } from '../../../db/transaction.ts';
import { AppError } from '../../../http/app-error.ts';
import type { Principal } from '../../../http/auth-guard.ts';
import { getUser } from '../../auth/find-user.ts';
import { transitionAccountStatus } from '../account-status.ts';
import { getMyUser } from '../get-my-user.ts';
import { users } from '../users.tables.ts';
import { nicknameConflictOr } from './nickname-conflict.ts';
import { resolveProfileImage } from './profile-images.ts';

/**
 * POST /v1/users/profile: nickname, optional photo and marketing consent, and the account moves EMAIL_VERIFIED ->
 * ACTIVE in the same transaction. The move is the conditional update of the state machine, so of two concurrent
 * creations one wins and the other answers PROFILE_ALREADY_CREATED. Consent not sent keeps what sign-up recorded.
 */
export async function createProfile(
  ctx: AppContext,
  principal: Principal,
  input: TCreateProfileRequest,
): Promise<TMyUser> {
  const { userId } = principal;
  const now = ctx.clock.now();
  await inTransaction(ctx.db, async (tx) => {
    const user = await getUser(tx, userId);
    if (user.status === 'CREATED') throw new AppError('EMAIL_VERIFICATION_REQUIRED');
    if (!(await transitionAccountStatus(tx, userId, 'EMAIL_VERIFIED', 'ACTIVE', now))) {
      throw new AppError('PROFILE_ALREADY_CREATED');
    }
    const photoUrl = await resolveProfileImage(tx, userId, 'photo', input.photoUrl ?? null);
    try {
      await tx
        .update(users)
        .set({ nickname: input.nickname, photoUrl, marketingConsent: input.marketingConsent, updatedAt: now })
        .where(eq(users.id, userId));
    } catch (error) {
      throw nicknameConflictOr(error);
    }
  });
  return getMyUser(ctx.db, userId, ctx.clock.now());
}
