/**
 * The DAO roles a member holds on the community Discord server. Disconnecting Discord (or deleting the account)
 * resets them. In production a bot does it through Discord's API; elsewhere a local stand-in keeps the calls.
 */
export interface DiscordRoleSync {
  /** Takes every role away from this Discord user on the server. Safe to call again (retries). */
  resetRoles(discordUserId: string): Promise<void>;
}

/** Local stand-in: remembers each reset; `isFailing` makes it fail like an unreachable Discord would. */
export function localDiscordRoleSync(): DiscordRoleSync & { resets: string[]; isFailing: boolean } {
  const sync = {
    resets: [] as string[],
    isFailing: false,
    async resetRoles(discordUserId: string) {
      if (sync.isFailing) throw new Error('Discord is unreachable (local stand-in set to fail)');
      sync.resets.push(discordUserId);
    },
  };
  return sync;
}
