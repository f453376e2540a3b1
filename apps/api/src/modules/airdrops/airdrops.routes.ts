import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZAirdropRequest,
  ZConsoleAirdrop,
  ZConsoleAirdropListQuery,
  ZConsoleAirdropRecipient,
  ZConsoleAirdropRecipientsQuery,
  ZData,
  ZPage,
} from '@cypher/contract';
import type { AppContext } from '../../app-context.ts';
import { idempotentRequestOf } from '../../http/idempotency.ts';
import { operatorOf } from '../../http/operator-guard.ts';
import { createAirdrop, getAirdrop, listAirdrops } from './console-airdrops.ts';
import { listAirdropRecipients } from './list-airdrop-recipients.ts';

const tags = ['console'];
const security = [{ bearer: [] }];

/**
 * /v1/console/airdrops, registered under the console's operator guard (console.routes.ts). Airdrops have no public
 * routes: a recipient reads theirs in the notifications and wherever the grant landed (balance, tickets, collection).
 */
export function consoleAirdropsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v1/console/airdrops',
      {
        schema: {
          tags,
          summary: "Airdrops of this operator's brands' things (every airdrop for admins), newest first, with progress",
          security,
          querystring: ZConsoleAirdropListQuery,
          response: { 200: ZData(ZPage(ZConsoleAirdrop)) },
        },
      },
      async (request) => ({ data: await listAirdrops(ctx, operatorOf(request), request.query) }),
    );

    app.get(
      '/v1/console/airdrops/:id',
      {
        schema: {
          tags,
          summary: 'An airdrop and how far its delivery has come',
          security,
          params: z.object({ id: z.uuid() }),
          response: { 200: ZData(ZConsoleAirdrop) },
        },
      },
      async (request) => ({ data: await getAirdrop(ctx, operatorOf(request), request.params.id) }),
    );

    app.get(
      '/v1/console/airdrops/:id/recipients',
      {
        schema: {
          tags,
          summary:
            "An airdrop's recipients and where each stands, in the order they joined, by state (addresses for admins only)",
          security,
          params: z.object({ id: z.uuid() }),
          querystring: ZConsoleAirdropRecipientsQuery,
          response: { 200: ZData(ZPage(ZConsoleAirdropRecipient)) },
        },
      },
      async (request) => ({
        data: await listAirdropRecipients(ctx.db, operatorOf(request), request.params.id, request.query),
      }),
    );

    app.post(
      '/v1/console/airdrops',
      {
        schema: {
          tags,
          summary:
            'Airdrop a grant to a list of people (by email address for admins only) or to the holders of a pass; a job delivers it in batches (needs an Idempotency-Key header)',
          security,
          body: ZAirdropRequest,
          response: { 202: ZData(ZConsoleAirdrop) },
        },
      },
      async (request, reply) =>
        reply
          .status(202)
          .send({ data: await createAirdrop(ctx, operatorOf(request), request.body, idempotentRequestOf(request)) }),
    );
  };
}
