import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZData, ZMyUser, ZPublicUser } from '@cypher/contract';
import type { AppContext } from '../../app-context.ts';
import { principalOf } from '../../http/auth-guard.ts';
import { deletionRoutes } from './deletion/deletion.routes.ts';
import { discordRoutes } from './discord/discord.routes.ts';
import { getMyUser } from './get-my-user.ts';
import { getPublicUser } from './get-public-user.ts';
import { newsletterRoutes } from './newsletter/newsletter.routes.ts';
import { profileRoutes } from './profile/profile.routes.ts';

export function usersRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v1/users/my',
      {
        onRequest: ctx.guard.requireAuth,
        schema: {
          tags: ['users'],
          summary: 'The signed-in user',
          security: [{ bearer: [] }],
          response: { 200: ZData(ZMyUser) },
        },
      },
      async (request) => ({ data: await getMyUser(ctx.db, principalOf(request).userId, ctx.clock.now()) }),
    );

    app.get(
      '/v1/users/:id',
      {
        schema: {
          tags: ['users'],
          summary: 'Public profile of a user',
          params: z.object({ id: z.uuid() }),
          response: { 200: ZData(ZPublicUser) },
        },
      },
      async (request) => ({ data: await getPublicUser(ctx.db, request.params.id) }),
    );

    await app.register(profileRoutes(ctx));
    await app.register(discordRoutes(ctx));
    await app.register(deletionRoutes(ctx));
    await app.register(newsletterRoutes(ctx));
  };
}
