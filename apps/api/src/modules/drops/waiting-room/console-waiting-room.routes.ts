import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZConsoleWaitingRoom, ZData, ZDropRoundParams, ZWaitingRoomSettings } from '@cypher/contract';
import type { AppContext } from '../../../app-context.ts';
import { operatorOf } from '../../../http/operator-guard.ts';
import { getConsoleWaitingRoom } from './get-console-waiting-room.ts';
import { removeWaitingRoom } from './remove-waiting-room.ts';
import { setWaitingRoom } from './set-waiting-room.ts';

const tags = ['console'];
const security = [{ bearer: [] }];
const path = '/v1/console/drops/:dropId/rounds/:round/waiting-room';

/**
 * A round's waiting room, set by the operators of the drop's brand until people may join it. Registered inside
 * consoleRoutes, so requireOperator has already run; the brand is checked in the services. The public routes are in
 * waiting-room.routes.ts.
 */
export function consoleWaitingRoomRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      path,
      {
        schema: {
          tags,
          summary: "A round's waiting room settings (404 WAITING_ROOM_NOT_FOUND when it has none)",
          security,
          params: ZDropRoundParams,
          response: { 200: ZData(ZConsoleWaitingRoom) },
        },
      },
      async (request) => ({ data: await getConsoleWaitingRoom(ctx.db, operatorOf(request), request.params) }),
    );

    app.put(
      path,
      {
        schema: {
          tags,
          summary: "Set a published round's waiting room (201 new, 200 changed), until it opens for joining",
          security,
          params: ZDropRoundParams,
          body: ZWaitingRoomSettings,
          response: { 200: ZData(ZConsoleWaitingRoom), 201: ZData(ZConsoleWaitingRoom) },
        },
      },
      async (request, reply) => {
        const { waitingRoom, isCreated } = await setWaitingRoom(ctx, operatorOf(request), {
          ...request.params,
          settings: request.body,
        });
        return reply.status(isCreated ? 201 : 200).send({ data: waitingRoom });
      },
    );

    app.delete(
      path,
      {
        schema: {
          tags,
          summary: "Remove a round's waiting room, until it opens for joining",
          security,
          params: ZDropRoundParams,
        },
      },
      async (request, reply) => {
        await removeWaitingRoom(ctx, operatorOf(request), request.params);
        return reply.status(204).send();
      },
    );
  };
}
