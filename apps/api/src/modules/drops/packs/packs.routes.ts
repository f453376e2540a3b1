import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZData, ZMyPacks, ZMyPacksQuery, ZPack } from '@cypher/contract';
import type { AppContext } from '../../../app-context.ts';
import { principalOf } from '../../../http/auth-guard.ts';
import { getMyPack, listMyPacks } from './list-my-packs.ts';
import { openPack } from './open-pack.ts';

const tags = ['packs'];
const params = z.object({ id: z.uuid() });

export function packsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v1/packs',
      {
        onRequest: ctx.guard.requireAuth,
        schema: {
          tags,
          summary: 'My packs, grouped by rarity (unopened last); isOpened=false for the sealed ones only',
          querystring: ZMyPacksQuery,
          response: { 200: ZData(ZMyPacks) },
        },
      },
      async (request) => ({ data: await listMyPacks(ctx.db, principalOf(request).userId, request.query) }),
    );

    app.get(
      '/v1/packs/:id',
      {
        onRequest: ctx.guard.requireAuth,
        schema: {
          tags,
          summary: 'One of my packs (its editions once opened)',
          params,
          response: { 200: ZData(ZPack) },
        },
      },
      async (request) => ({ data: await getMyPack(ctx.db, principalOf(request).userId, request.params.id) }),
    );

    app.post(
      '/v1/packs/:id/open',
      {
        onRequest: ctx.guard.requireAuth,
        schema: { tags, summary: 'Open my pack: reveals its editions, once', params, response: { 200: ZData(ZPack) } },
      },
      async (request) => ({
        data: await openPack(ctx.db, principalOf(request).userId, request.params.id, ctx.clock.now()),
      }),
    );
  };
}
