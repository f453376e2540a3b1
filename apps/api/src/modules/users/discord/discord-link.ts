import { eq } from 'drizzle-orm';
import type { TDiscordLink } from '@cypher/contract';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../http/app-error.ts';
import { findProviderLink } from '../../auth/oauth/linked-accounts.ts';
import { users } from '../users.tables.ts';
import { readableUtc } from '../../../lib/readable-utc.ts';

/** Spec section 9: a disconnect locks reconnecting for fourteen days. */
export const DISCORD_RECONNECT_LOCK_MS = 14 * 24 * 60 * 60 * 1000;

export async function findDiscordLink(db: Db, userId: string): Promise<TDiscordLink | null> {
  const account = await findProviderLink(db, userId, 'discord');
  return account ? { username: account.displayName ?? '', linkedAt: account.linkedAt.toISOString() } : null;
}

export function reconnectLockedError(until: Date): AppError {
  return new AppError('DISCORD_RECONNECT_LOCKED', {
    message: `You can connect Discord again from ${readableUtc(until)}.`,
    details: [{ field: 'reconnectAvailableAt', message: until.toISOString() }],
  });
}

/**
 * Whether this user may start connecting Discord now: checked before sending them to Discord (so they are not sent
 * for nothing) and again, authoritatively, in the transaction that links. An address not yet verified comes first, as
 * for checking in, redeeming or a second factor: a link's roles are a member's, and the app shell sends such an
 * account to verify its email before anything else (spec section 2).
 */
export async function assertCanConnectDiscord(db: Db, userId: string, now: Date): Promise<void> {
  const [user] = await db
    .select({ lockedUntil: users.discordReconnectLockedUntil, emailVerifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) throw new AppError('UNAUTHORIZED');
  if (!user.emailVerifiedAt) throw new AppError('EMAIL_VERIFICATION_REQUIRED');
  if (user.lockedUntil && user.lockedUntil > now) throw reconnectLockedError(user.lockedUntil);
  if (await findDiscordLink(db, userId)) throw new AppError('DISCORD_ALREADY_CONNECTED');
}
