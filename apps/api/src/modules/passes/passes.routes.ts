import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZData, ZMyPasses, ZPage, ZPass, ZPassListQuery } from '@cypher/contract';
import type { AppContext } from '../../app-context.ts';
import { principalOf } from '../../http/auth-guard.ts';
import { getPass, listMyPasses } from './get-pass.ts';
import { listPasses } from './list-passes.ts';

const tags = ['passes'];
const ZIdParams = z.object({ id: z.uuid() });

/**
 * Passes (spec section 7: /passes, /passes/{id}): public reads, which a signed-in caller sees with how many of each
 * they hold, and my passes. Passes are bought through the order flow (`POST /v1/orders` with a passId); the console's
 * routes are in console-passes.routes.ts.
 */
export function passesRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v1/passes',
      {
        onRequest: ctx.guard.optionalAuth,
        schema: {
          tags,
          summary: 'Passes of published brands, newest sale first, with how many of each I hold',
          querystring: ZPassListQuery,
          response: { 200: ZData(ZPage(ZPass)) },
        },
      },
      async (request) => ({
        data: await listPasses(ctx.db, request.query, request.principal?.userId ?? null, ctx.clock.now()),
      }),
    );

    app.get(
      '/v1/passes/my',
      {
        onRequest: ctx.guard.requireAuth,
        schema: { tags, summary: 'The passes I hold', response: { 200: ZData(ZMyPasses) } },
      },
      async (request) => ({ data: await listMyPasses(ctx.db, principalOf(request).userId, ctx.clock.now()) }),
    );

    app.get(
      '/v1/passes/:id',
      {
        onRequest: ctx.guard.optionalAuth,
        schema: {
          tags,
          summary: 'A pass: its benefits, the rounds it opens, and how many I hold',
          params: ZIdParams,
          response: { 200: ZData(ZPass) },
        },
      },
      async (request) => ({
        data: await getPass(ctx.db, request.params.id, request.principal?.userId ?? null, ctx.clock.now()),
      }),
    );
  };
}
