import { eq } from 'drizzle-orm';
import type { TDiscordLink, TDiscordLinkRequest } from '@cypher/contract';
import type { AppContext } from '../../../app-context.ts';
import { inTransaction } from '../../../db/transaction.ts';
import { AppError } from '../../../http/app-error.ts';
import type { Principal } from '../../../http/auth-guard.ts';
import { fetchProviderProfile } from '../../auth/oauth/fetch-provider-profile.ts';
import {
  isProviderAccountTaken,
  isProviderAlreadyLinked,
  linkProviderAccount,
} from '../../auth/oauth/linked-accounts.ts';
import { consumeOAuthState } from '../../auth/oauth/oauth-states.ts';
import { requireOAuthClient } from '../../auth/oauth/require-oauth-client.ts';
import { users } from '../users.tables.ts';
import { assertCanConnectDiscord, reconnectLockedError } from './discord-link.ts';

/**
 * POST /v1/discords/link: the end of the Discord round trip. The state must have been made for this signed-in user,
 * so a callback URL carried into someone else's session links nothing. The lock is checked again under a row lock
 * on the user, which a disconnect also takes: a disconnect and a link racing each other cannot skip the 14 days.
 */
export async function linkDiscord(
  ctx: AppContext,
  principal: Principal,
  input: TDiscordLinkRequest,
): Promise<TDiscordLink> {
  const client = requireOAuthClient(ctx, 'discord');
  const now = ctx.clock.now();
  const state = await consumeOAuthState(ctx.db, { provider: 'discord', purpose: 'connect', state: input.state, now });
  if (state.userId !== principal.userId) throw new AppError('OAUTH_STATE_INVALID');
  await assertCanConnectDiscord(ctx.db, principal.userId, now);
  const profile = await fetchProviderProfile(ctx, client, input.code, state.codeVerifier);
  const username = profile.username ?? profile.providerUserId;

  await inTransaction(ctx.db, async (tx) => {
    const [user] = await tx
      .select({ lockedUntil: users.discordReconnectLockedUntil })
      .from(users)
      .where(eq(users.id, principal.userId))
      .for('update');
    if (user?.lockedUntil && user.lockedUntil > now) throw reconnectLockedError(user.lockedUntil);
    try {
      await linkProviderAccount(
        tx,
        {
          userId: principal.userId,
          provider: 'discord',
          providerUserId: profile.providerUserId,
          email: profile.email,
          displayName: username,
        },
        now,
      );
    } catch (error) {
      if (isProviderAlreadyLinked(error)) throw new AppError('DISCORD_ALREADY_CONNECTED');
      if (isProviderAccountTaken(error)) throw new AppError('DISCORD_LINKED_TO_ANOTHER_ACCOUNT');
      throw error;
    }
  });
  return { username, linkedAt: now.toISOString() };
}
