import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZConsoleDrop,
  ZConsoleDropListItem,
  ZConsoleDropRequest,
  ZConsoleDropsQuery,
  ZData,
  ZPage,
} from '@cypher/contract';
import type { AppContext } from '../../app-context.ts';
import { seenVersionOf } from '../../http/entry-version.ts';
import { operatorOf } from '../../http/operator-guard.ts';
import { createDrop } from './create-drop.ts';
import { deleteDrop } from './delete-drop.ts';
import { getConsoleDrop } from './get-console-drop.ts';
import { listConsoleDrops } from './list-console-drops.ts';
import { publishDrop } from './publish-drop.ts';
import { updateDrop } from './update-drop.ts';

const tags = ['console'];
const security = [{ bearer: [] }];
const params = z.object({ id: z.uuid() });

/**
 * /v1/console/drops: operators schedule drops as drafts, publish them or delete a draft. Registered inside consoleRoutes, so
 * requireOperator has already run; brand managers are held to their brands in the services. The public drop routes
 * are in drops.routes.ts.
 */
export function consoleDropsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v1/console/drops',
      {
        schema: {
          tags,
          summary: "Drops of this operator's brands, drafts included, newest first",
          security,
          querystring: ZConsoleDropsQuery,
          response: { 200: ZData(ZPage(ZConsoleDropListItem)) },
        },
      },
      async (request) => ({
        data: await listConsoleDrops(ctx.db, ctx.clock.now(), operatorOf(request), request.query),
      }),
    );

    app.get(
      '/v1/console/drops/:id',
      {
        schema: {
          tags,
          summary: 'A drop with its rounds, whitelists, contents and live counts (sold, held)',
          security,
          params,
          response: { 200: ZData(ZConsoleDrop) },
        },
      },
      async (request) => ({
        data: await getConsoleDrop(ctx.db, ctx.clock.now(), operatorOf(request), request.params.id),
      }),
    );

    app.post(
      '/v1/console/drops',
      {
        schema: {
          tags,
          summary: 'Create a drop as a draft: times, rounds with prices, limits and whitelists, pack contents',
          security,
          body: ZConsoleDropRequest,
          response: { 201: ZData(ZConsoleDrop) },
        },
      },
      async (request, reply) =>
        reply.status(201).send({ data: await createDrop(ctx, operatorOf(request), request.body) }),
    );

    app.put(
      '/v1/console/drops/:id',
      {
        schema: {
          tags,
          summary:
            'Replace a draft drop (DROP_ALREADY_PUBLISHED once published; If-Match: the updatedAt it was opened at, else ENTRY_CHANGED)',
          security,
          params,
          body: ZConsoleDropRequest,
          response: { 200: ZData(ZConsoleDrop) },
        },
      },
      async (request) => ({
        data: await updateDrop(ctx, operatorOf(request), request.params.id, request.body, seenVersionOf(request)),
      }),
    );

    app.delete(
      '/v1/console/drops/:id',
      {
        schema: {
          tags,
          summary: 'Delete a draft drop with its rounds and contents (DROP_ALREADY_PUBLISHED once published)',
          security,
          params,
        },
      },
      async (request, reply) => {
        await deleteDrop(ctx, operatorOf(request), request.params.id);
        return reply.status(204).send();
      },
    );

    app.post(
      '/v1/console/drops/:id/publish',
      {
        schema: {
          tags,
          summary:
            'Publish a drop, once: fixes its serial numbers and secret seed, then writes every pack and edition. 200 ' +
            'PUBLISHED for a small drop; 202 PUBLISHING for a large one, which a job finishes (its progress is on GET)',
          security,
          params,
          response: { 200: ZData(ZConsoleDrop), 202: ZData(ZConsoleDrop) },
        },
      },
      async (request, reply) => {
        const drop = await publishDrop(
          { ...ctx, publication: ctx.config.drops.publication },
          operatorOf(request),
          request.params.id,
        );
        return reply.status(drop.publicationStatus === 'PUBLISHED' ? 200 : 202).send({ data: drop });
      },
    );
  };
}
