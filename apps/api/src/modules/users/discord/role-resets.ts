import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { DiscordRoleSync } from '../../../adapters/discord-roles/discord-roles.ts';
import type { Db } from '../../../db/client.ts';
import type { Clock } from '../../../lib/clock.ts';
import { newId } from '../../../lib/ids.ts';
import { discordRoleResets } from './discord.tables.ts';

export interface RoleResetDeps {
  db: Db;
  clock: Clock;
  discordRoles: DiscordRoleSync;
}

/** Records, inside the transaction that disconnects, that this Discord user's roles must be reset. */
export async function recordRoleReset(tx: Db, discordUserId: string, now: Date): Promise<string> {
  const id = newId();
  await tx.insert(discordRoleResets).values({ id, discordUserId, requestedAt: now });
  return id;
}

/**
 * Calls Discord for one recorded reset, after the transaction that recorded it has committed, and writes down how it
 * went. Never throws: a failure stays pending for the hourly retry, and the disconnect itself has already happened.
 */
export async function carryOutRoleReset(
  deps: RoleResetDeps,
  reset: { id: string; discordUserId: string },
): Promise<{ isDone: boolean; error?: unknown }> {
  try {
    await deps.discordRoles.resetRoles(reset.discordUserId);
  } catch (error) {
    await deps.db
      .update(discordRoleResets)
      .set({ attempts: sql`${discordRoleResets.attempts} + 1`, lastError: String(error).slice(0, 500) })
      .where(eq(discordRoleResets.id, reset.id));
    return { isDone: false, error };
  }
  await deps.db
    .update(discordRoleResets)
    .set({ attempts: sql`${discordRoleResets.attempts} + 1`, completedAt: deps.clock.now(), lastError: null })
    .where(and(eq(discordRoleResets.id, reset.id), isNull(discordRoleResets.completedAt)));
  return { isDone: true };
}

/** The hourly job: every reset still owed, oldest first. */
export async function retryPendingRoleResets(deps: RoleResetDeps) {
  const pending = await deps.db
    .select({ id: discordRoleResets.id, discordUserId: discordRoleResets.discordUserId })
    .from(discordRoleResets)
    .where(isNull(discordRoleResets.completedAt))
    .orderBy(asc(discordRoleResets.requestedAt))
    .limit(200);
  let done = 0;
  for (const reset of pending) if ((await carryOutRoleReset(deps, reset)).isDone) done += 1;
  return { pending: pending.length, done };
}
