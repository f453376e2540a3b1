import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZData, ZDropRoundParams, ZWaitingRoom } from '@cypher/contract';
import type { AppContext } from '../../../app-context.ts';
import { principalOf } from '../../../http/auth-guard.ts';
import { cacheLiveForVisitors } from '../../../http/public-cache.ts';
import { getWaitingRoom } from './get-waiting-room.ts';
import { joinWaitingRoom } from './join-waiting-room.ts';

const tags = ['drops'];

/**
 * The waiting room of a first-come round (issue 18, decision record 27): its settings for everyone, and the caller's
 * place in line. Admission tokens it gives are checked by POST /v2/orders (orders/purchase-packs.ts through
 * require-admission.ts).
 *
 * Registered elsewhere: the console's GET, PUT and DELETE of a round's waiting room
 * (console-waiting-room.routes.ts, under /v1/console).
 */
export function waitingRoomRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v1/drops/:dropId/rounds/:round/waiting-room',
      {
        onRequest: ctx.guard.optionalAuth,
        onSend: cacheLiveForVisitors,
        schema: {
          tags,
          summary: 'Whether the round has a waiting room and when it opens; signed in, your place, wait and admission',
          params: ZDropRoundParams,
          response: { 200: ZData(ZWaitingRoom) },
        },
      },
      async (request) => ({
        data: await getWaitingRoom(ctx, {
          ...request.params,
          userId: request.principal?.userId ?? null,
          ip: request.ip,
        }),
      }),
    );

    app.post(
      '/v1/drops/:dropId/rounds/:round/waiting-room',
      {
        onRequest: ctx.guard.requireAuth,
        schema: {
          tags,
          summary:
            'Join the round’s waiting room: 201 joined (or joined again after an admission expired), 200 already in',
          params: ZDropRoundParams,
          response: { 200: ZData(ZWaitingRoom), 201: ZData(ZWaitingRoom) },
        },
      },
      async (request, reply) => {
        const { waitingRoom, isCreated } = await joinWaitingRoom(ctx, {
          ...request.params,
          userId: principalOf(request).userId,
          ip: request.ip,
        });
        return reply.status(isCreated ? 201 : 200).send({ data: waitingRoom });
      },
    );
  };
}
