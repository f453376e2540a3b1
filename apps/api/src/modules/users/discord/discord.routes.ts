import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZData, ZDiscordLink, ZDiscordLinkRequest, ZDiscordUnlinked } from '@cypher/contract';
import type { AppContext } from '../../../app-context.ts';
import { principalOf } from '../../../http/auth-guard.ts';
import { linkDiscord } from './link-discord.ts';
import { unlinkDiscord } from './unlink-discord.ts';

const tags = ['users'];
const security = [{ bearer: [] }];

/** /account/connect: connect after the OAuth round trip (GET .../oauth/discord first), and disconnect. */
export function discordRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const { requireAuth } = ctx.guard;
  return async (app) => {
    app.post(
      '/v1/discords/link',
      {
        onRequest: requireAuth,
        schema: {
          tags,
          summary: 'Connect Discord with the code and state from the Discord callback page',
          security,
          body: ZDiscordLinkRequest,
          response: { 200: ZData(ZDiscordLink) },
        },
      },
      async (request) => ({ data: await linkDiscord(ctx, principalOf(request), request.body) }),
    );

    app.delete(
      '/v1/discords/link',
      {
        onRequest: requireAuth,
        schema: {
          tags,
          summary: 'Disconnect Discord: DAO roles are reset and reconnecting locks for 14 days',
          security,
          response: { 200: ZData(ZDiscordUnlinked) },
        },
      },
      async (request) => ({ data: await unlinkDiscord(ctx, principalOf(request)) }),
    );
  };
}
