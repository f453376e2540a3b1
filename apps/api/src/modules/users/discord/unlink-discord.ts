import { eq } from 'drizzle-orm';
import type { TDiscordUnlinked } from '@cypher/contract';
import type { AppContext } from '../../../app-context.ts';
import { inTransaction } from '../../../db/transaction.ts';
import { AppError } from '../../../http/app-error.ts';
import type { Principal } from '../../../http/auth-guard.ts';
import { unlinkProviderAccount } from '../../auth/oauth/linked-accounts.ts';
import { users } from '../users.tables.ts';
import { DISCORD_RECONNECT_LOCK_MS } from './discord-link.ts';
import { carryOutRoleReset, recordRoleReset } from './role-resets.ts';

/**
 * DELETE /v1/discords/link (spec section 4): the link goes, reconnecting locks for fourteen days, and the DAO roles
 * are reset. The reset is recorded in the transaction and sent to Discord after it commits (house rule 7); if
 * Discord is unreachable the disconnect still stands and the hourly job finishes the reset.
 */
export async function unlinkDiscord(ctx: AppContext, principal: Principal): Promise<TDiscordUnlinked> {
  const now = ctx.clock.now();
  const reconnectAvailableAt = new Date(now.getTime() + DISCORD_RECONNECT_LOCK_MS);
  const reset = await inTransaction(ctx.db, async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, principal.userId)).for('update');
    const discordUserId = await unlinkProviderAccount(tx, principal.userId, 'discord');
    if (!discordUserId) throw new AppError('DISCORD_NOT_CONNECTED');
    await tx
      .update(users)
      .set({ discordReconnectLockedUntil: reconnectAvailableAt, updatedAt: now })
      .where(eq(users.id, principal.userId));
    return { id: await recordRoleReset(tx, discordUserId, now), discordUserId };
  });
  const outcome = await carryOutRoleReset(ctx, reset);
  if (!outcome.isDone) ctx.errorReporter.report(outcome.error, {});
  return { reconnectAvailableAt: reconnectAvailableAt.toISOString() };
}
