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
import { seenVersionOf } from '../../http/entry-version.ts';
import { operatorOf } from '../../http/operator-guard.ts';
import { createPass } from './create-pass.ts';
import { deletePass } from './delete-pass.ts';
import { getConsolePass } from './get-pass.ts';
import { listConsolePasses } from './list-passes.ts';
import { publishPass } from './publish-pass.ts';
import { updatePass } from './update-pass.ts';

const tags = ['console'];
const security = [{ bearer: [] }];
const ZIdParams = z.object({ id: z.uuid() });

/**
 * /v1/console/passes, registered under the console's operator guard (console.routes.ts): passes are made as drafts,
 * changed, published once or deleted while still drafts (decision record 50).
 */
export function consolePassesRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v1/console/passes',
      {
        schema: {
          tags,
          summary: "Passes of this operator's brands, drafts included, newest sale first",
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
          summary: 'Create a pass as a draft; its supply is issued when it is published',
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
          summary:
            "Change a pass's words, artwork, price, limit or times; a draft's supply too (If-Match: the updatedAt it was opened at, else ENTRY_CHANGED)",
          security,
          params: ZIdParams,
          body: ZUpdatePassRequest,
          response: { 200: ZData(ZConsolePass) },
        },
      },
      async (request) => ({
        data: await updatePass(ctx, operatorOf(request), request.params.id, request.body, seenVersionOf(request)),
      }),
    );

    app.delete(
      '/v1/console/passes/:id',
      {
        schema: {
          tags,
          summary: 'Delete a draft pass (PASS_ALREADY_PUBLISHED once published)',
          security,
          params: ZIdParams,
        },
      },
      async (request, reply) => {
        await deletePass(ctx, operatorOf(request), request.params.id);
        return reply.status(204).send();
      },
    );

    app.post(
      '/v1/console/passes/:id/publish',
      {
        schema: {
          tags,
          summary:
            'Publish a draft pass, once: collectors see it and its supply is issued (PASS_ALREADY_PUBLISHED after)',
          security,
          params: ZIdParams,
          response: { 200: ZData(ZConsolePass) },
        },
      },
      async (request) => ({ data: await publishPass(ctx, operatorOf(request), request.params.id) }),
    );
  };
}
