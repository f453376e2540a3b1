import type { DiscordRoleSync } from './discord-roles.ts';

export interface DiscordBotOptions {
  token: string;
  guildId: string;
  /** https://discord.com/api/v10 in production; a loopback stand-in in tests. */
  apiBaseUrl: string;
}

/** Discord's "Unknown Member": the person already left the server, so there are no roles to take away. */
const UNKNOWN_MEMBER = 10007;

/**
 * Resets a member's roles with the community bot: PATCH /guilds/{guild}/members/{user} with an empty role list
 * (the bot needs Manage Roles, and its own role above the DAO roles). The reason shows in the server's audit log.
 */
export function discordBotRoleSync(options: DiscordBotOptions, fetchImpl: typeof fetch = fetch): DiscordRoleSync {
  const base = options.apiBaseUrl.replace(/\/$/, '');
  return {
    async resetRoles(discordUserId) {
      const url = `${base}/guilds/${encodeURIComponent(options.guildId)}/members/${encodeURIComponent(discordUserId)}`;
      const response = await fetchImpl(url, {
        method: 'PATCH',
        headers: {
          authorization: `Bot ${options.token}`,
          'content-type': 'application/json',
          'x-audit-log-reason': 'Discord disconnected from the marketplace account',
        },
        body: JSON.stringify({ roles: [] }),
        signal: AbortSignal.timeout(10_000),
      });
      if (response.ok) return;
      const body = (await response.json().catch(() => null)) as { code?: number } | null;
      if (response.status === 404 && body?.code === UNKNOWN_MEMBER) return;
      throw new Error(`Discord answered ${response.status} to a role reset: ${JSON.stringify(body)?.slice(0, 300)}`);
    },
  };
}
