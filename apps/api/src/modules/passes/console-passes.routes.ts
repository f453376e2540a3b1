import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZConsolePass,
  ZConsolePassListQuery,
  ZCreatePassRequest,
  ZData,
  ZPage,
  ZUpdatePassRequest,
} from '@cypher/contract';
import type { AppContext } from '../../app-context.ts';
import { operatorOf } from '../../http/operator-guard.ts';
import { createPass } from './create-pass.ts';
import { getConsolePass } from './get-pass.ts';
import { listConsolePasses } from './list-passes.ts';
import { updatePass } from './update-pass.ts';

const tags = ['console'];
const security = [{ bearer: [] }];
const ZIdParams = z.object({ id: z.uuid() });

/** /v1/console/passes, registered under the console's operator guard (console.routes.ts). */
export function consolePassesRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v1/console/passes',
      {
        schema: {
          tags,
          summary: "Passes of this operator's brands, newest sale first",
          security,
          querystring: ZConsolePassListQuery,
          response: { 200: ZData(ZPage(ZConsolePass)) },
        },
      },
      async (request) => ({
        data: await listConsolePasses(ctx.db, request.query, operatorOf(request), ctx.clock.now()),
      }),
    );

    app.get(
      '/v1/console/passes/:id',
      {
        schema: { tags, summary: 'A pass', security, params: ZIdParams, response: { 200: ZData(ZConsolePass) } },
      },
      async (request) => ({
        data: await getConsolePass(ctx.db, operatorOf(request), request.params.id, ctx.clock.now()),
      }),
    );

    app.post(
      '/v1/console/passes',
      {
        schema: {
          tags,
          summary: 'Create a pass; its supply is issued at once',
          security,
          body: ZCreatePassRequest,
          response: { 201: ZData(ZConsolePass) },
        },
      },
      async (request, reply) =>
        reply.status(201).send({ data: await createPass(ctx, operatorOf(request), request.body) }),
    );

    app.patch(
      '/v1/console/passes/:id',
      {
        schema: {
          tags,
          summary: "Change a pass's words, artwork, price, limit or times",
          security,
          params: ZIdParams,
          body: ZUpdatePassRequest,
          response: { 200: ZData(ZConsolePass) },
        },
      },
      async (request) => ({ data: await updatePass(ctx, operatorOf(request), request.params.id, request.body) }),
    );
  };
}
