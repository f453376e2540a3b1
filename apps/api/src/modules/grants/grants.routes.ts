import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZData, ZEditionPool, ZEditionPoolListQuery, ZEditionPoolRequest, ZPage } from '@cypher/contract';
import type { AppContext } from '../../app-context.ts';
import { operatorOf } from '../../http/operator-guard.ts';
import { createEditionPool, getEditionPool, listEditionPools } from './edition-pools.ts';

const tags = ['console'];
const security = [{ bearer: [] }];
const ZIdParams = z.object({ id: z.uuid() });

/**
 * /v1/console/edition-pools, registered under the console's operator guard (console.routes.ts): a brand's editions
 * minted ahead to be given by attendance rewards, redeem codes and airdrops. Grants have no routes of their own; the
 * attendance, redeem and airdrops modules deliver them (deliver-grants.ts).
 */
export function consoleEditionPoolsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v1/console/edition-pools',
      {
        schema: {
          tags,
          summary: "Edition pools of this operator's brands, newest first, with what is left",
          security,
          querystring: ZEditionPoolListQuery,
          response: { 200: ZData(ZPage(ZEditionPool)) },
        },
      },
      async (request) => ({ data: await listEditionPools(ctx.db, request.query, operatorOf(request)) }),
    );

    app.get(
      '/v1/console/edition-pools/:id',
      {
        schema: {
          tags,
          summary: 'An edition pool',
          security,
          params: ZIdParams,
          response: { 200: ZData(ZEditionPool) },
        },
      },
      async (request) => ({ data: await getEditionPool(ctx.db, operatorOf(request), request.params.id) }),
    );

    app.post(
      '/v1/console/edition-pools',
      {
        schema: {
          tags,
          summary: 'Set editions of a published product aside to give away; they are minted at once',
          security,
          body: ZEditionPoolRequest,
          response: { 201: ZData(ZEditionPool) },
        },
      },
      async (request, reply) =>
        reply.status(201).send({ data: await createEditionPool(ctx, operatorOf(request), request.body) }),
    );
  };
}
