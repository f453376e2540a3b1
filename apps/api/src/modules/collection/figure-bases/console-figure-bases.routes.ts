import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZConsoleFigureBaseListQuery,
  ZCreateFigureBaseRequest,
  ZData,
  ZFigureBase,
  ZPage,
  ZUpdateFigureBaseRequest,
} from '@cypher/contract';
import type { AppContext } from '../../../app-context.ts';
import { seenVersionOf } from '../../../http/entry-version.ts';
import { operatorOf } from '../../../http/operator-guard.ts';
import { createFigureBase } from './create-figure-base.ts';
import { getConsoleFigureBase } from './get-console-figure-base.ts';
import { listConsoleFigureBases } from './list-figure-bases.ts';
import { updateFigureBase } from './update-figure-base.ts';

const tags = ['console'];
const security = [{ bearer: [] }];
const ZIdParams = z.object({ id: z.uuid() });

/** /v1/console/figure-bases, registered under the console's operator guard (console.routes.ts). */
export function consoleFigureBasesRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v1/console/figure-bases',
      {
        schema: {
          tags,
          summary: "Figure bases of this operator's brands, newest first",
          security,
          querystring: ZConsoleFigureBaseListQuery,
          response: { 200: ZData(ZPage(ZFigureBase)) },
        },
      },
      async (request) => ({ data: await listConsoleFigureBases(ctx.db, request.query, operatorOf(request)) }),
    );

    app.get(
      '/v1/console/figure-bases/:id',
      {
        schema: {
          tags,
          summary: 'A figure base, whatever its collection status',
          security,
          params: ZIdParams,
          response: { 200: ZData(ZFigureBase) },
        },
      },
      async (request) => ({ data: await getConsoleFigureBase(ctx.db, operatorOf(request), request.params.id) }),
    );

    app.post(
      '/v1/console/figure-bases',
      {
        schema: {
          tags,
          summary: 'Create a figure base for a collection, with its slots',
          security,
          body: ZCreateFigureBaseRequest,
          response: { 201: ZData(ZFigureBase) },
        },
      },
      async (request, reply) =>
        reply.status(201).send({ data: await createFigureBase(ctx, operatorOf(request), request.body) }),
    );

    app.patch(
      '/v1/console/figure-bases/:id',
      {
        schema: {
          tags,
          summary:
            "Change a figure base's name, description, image or slots (If-Match: the updatedAt it was opened at, else ENTRY_CHANGED)",
          security,
          params: ZIdParams,
          body: ZUpdateFigureBaseRequest,
          response: { 200: ZData(ZFigureBase) },
        },
      },
      async (request) => ({
        data: await updateFigureBase(ctx, operatorOf(request), request.params.id, request.body, seenVersionOf(request)),
      }),
    );
  };
}
