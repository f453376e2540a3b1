import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZData, ZRaffleDraw, ZRaffleMine } from '@cypher/contract';
import type { AppContext } from '../../app-context.ts';
import { principalOf } from '../../http/auth-guard.ts';
import { enterRaffle } from './enter-raffle.ts';
import { getRaffle } from './get-raffle.ts';

const tags = ['raffles'];
const security = [{ bearer: [] }];
const ZRoundParams = z.object({ roundId: z.uuid() });

/**
 * Raffle rounds (issue 18, decision record 26): the public draw record and entering. The console's routes
 * (/v1/console/drops/{dropId}/rounds/{round}/raffle) are in console-raffles.routes.ts, registered by consoleRoutes;
 * the purchase gate for winners is called by POST /v1/orders (orders module).
 */
export function rafflesRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v1/raffles/:roundId',
      {
        onRequest: ctx.guard.optionalAuth,
        schema: {
          tags,
          summary: "A raffle round's public draw record: commitment, entries, revealed seed, winners (and my entry)",
          params: ZRoundParams,
          response: { 200: ZData(ZRaffleDraw) },
        },
      },
      async (request) => ({
        data: await getRaffle(ctx, request.params.roundId, request.principal?.userId ?? null),
      }),
    );

    app.post(
      '/v1/raffles/:roundId/entries',
      {
        onRequest: ctx.guard.requireAuth,
        schema: {
          tags,
          summary: 'Enter a raffle round (one entry per person; a retry answers the same entry with 200)',
          security,
          params: ZRoundParams,
          response: { 200: ZData(ZRaffleMine), 201: ZData(ZRaffleMine) },
        },
      },
      async (request, reply) => {
        const { entry, isNew } = await enterRaffle(ctx, principalOf(request).userId, request.params.roundId);
        return reply.status(isNew ? 201 : 200).send({ data: entry });
      },
    );
  };
}
