import type { TDiscordLink, TMyUser, TPublicUser } from '@cypher/contract';
import { ACCOUNT_DELETION_GRACE_MS } from './deletion/complete-account-deletions.ts';
import type { TUserRow } from './users.tables.ts';

/** The owner's view of an account: every User field of spec section 3. */
export function toMyUser(user: TUserRow, discord: TDiscordLink | null, isOperator: boolean, now: Date): TMyUser {
  const lockedUntil = user.discordReconnectLockedUntil;
  return {
    id: user.id,
    email: user.email,
    nickname: user.nickname,
    photoUrl: user.photoUrl,
    backgroundUrl: user.backgroundUrl,
    phoneEnding: user.phoneNumber ? user.phoneNumber.slice(-4) : null,
    marketingConsent: user.marketingConsent,
    twoFactor: { isEnabled: user.mfaEnabledAt !== null, verifiedAt: user.mfaEnabledAt?.toISOString() ?? null },
    discord,
    discordReconnectAvailableAt: !discord && lockedUntil && lockedUntil > now ? lockedUntil.toISOString() : null,
    status: user.status,
    isDeleteRequestedAccount: user.deleteRequestedAt !== null,
    // The same date as the request's answer and mail (deletesAt): the job carries it out on its first run after it.
    deletionScheduledAt: user.deleteRequestedAt
      ? new Date(user.deleteRequestedAt.getTime() + ACCOUNT_DELETION_GRACE_MS).toISOString()
      : null,
    isEmailVerified: user.emailVerifiedAt !== null,
    hasPassword: user.passwordHash !== null,
    isOperator,
    createdAt: user.createdAt.toISOString(),
  };
}

/** What anyone may see: no email, phone, consent or status. */
export function toPublicUser(user: TUserRow): TPublicUser {
  return {
    id: user.id,
    nickname: user.nickname,
    photoUrl: user.photoUrl,
    backgroundUrl: user.backgroundUrl,
    createdAt: user.createdAt.toISOString(),
  };
}
