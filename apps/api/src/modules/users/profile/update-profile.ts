import { eq } from 'drizzle-orm';
import type { TMyUser, TUpdateProfileRequest } from '@cypher/contract';
import type { AppContext } from '../../../app-context.ts';
import { inTransaction } from '../../../db/transaction.ts';
import { AppError } from '../../../http/app-error.ts';
import type { Principal } from '../../../http/auth-guard.ts';
import { getUser } from '../../auth/find-user.ts';
import { getMyUser } from '../get-my-user.ts';
import { users, type TUserRow } from '../users.tables.ts';
import { nicknameConflictOr } from './nickname-conflict.ts';
import { resolveProfileImage } from './profile-images.ts';

/**
 * PATCH /v1/users/profile (profile edit): only the fields sent change; null removes the photo or background. Only
 * an ACTIVE account has a profile to edit; before that, the web sends people to profile creation.
 */
export async function updateProfile(
  ctx: AppContext,
  principal: Principal,
  input: TUpdateProfileRequest,
): Promise<TMyUser> {
  const { userId } = principal;
  await inTransaction(ctx.db, async (tx) => {
    const user = await getUser(tx, userId);
    if (user.status !== 'ACTIVE') throw new AppError('PROFILE_REQUIRED');
    const changes: Partial<TUserRow> = { updatedAt: ctx.clock.now() };
    if (input.nickname !== undefined) changes.nickname = input.nickname;
    if (input.marketingConsent !== undefined) changes.marketingConsent = input.marketingConsent;
    if (input.photoUrl !== undefined) changes.photoUrl = await resolveProfileImage(tx, userId, 'photo', input.photoUrl);
    if (input.backgroundUrl !== undefined) {
      changes.backgroundUrl = await resolveProfileImage(tx, userId, 'background', input.backgroundUrl);
    }
    try {
      await tx.update(users).set(changes).where(eq(users.id, userId));
    } catch (error) {
      throw nicknameConflictOr(error);
    }
  });
  return getMyUser(ctx.db, userId, ctx.clock.now());
}
