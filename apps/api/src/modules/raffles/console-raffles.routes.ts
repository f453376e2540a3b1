import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZConsoleRaffle, ZData, ZDropRoundParams, ZSetRaffleRequest } from '@cypher/contract';
import type { AppContext } from '../../app-context.ts';
import { operatorOf } from '../../http/operator-guard.ts';
import { drawRaffleFromConsole, getConsoleRaffle } from './console-raffle.ts';
import { setRaffle } from './set-raffle.ts';

const tags = ['console'];
const security = [{ bearer: [] }];

/** /v1/console/drops/{dropId}/rounds/{round}/raffle, registered under the console's operator guard (console.routes.ts). */
export function consoleRafflesRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v1/console/drops/:dropId/rounds/:round/raffle',
      {
        schema: {
          tags,
          summary: "A round's raffle: its settings, commitment, entries and winners so far",
          security,
          params: ZDropRoundParams,
          response: { 200: ZData(ZConsoleRaffle) },
        },
      },
      async (request) => ({
        data: await getConsoleRaffle(ctx, operatorOf(request), request.params.dropId, request.params.round),
      }),
    );

    app.put(
      '/v1/console/drops/:dropId/rounds/:round/raffle',
      {
        schema: {
          tags,
          summary: 'Make a round a raffle, or change its raffle until registration opens (the seed is committed here)',
          security,
          params: ZDropRoundParams,
          body: ZSetRaffleRequest,
          response: { 200: ZData(ZConsoleRaffle) },
        },
      },
      async (request) => ({
        data: await setRaffle(ctx, operatorOf(request), request.params.dropId, request.params.round, request.body),
      }),
    );

    app.post(
      '/v1/console/drops/:dropId/rounds/:round/raffle/draw',
      {
        schema: {
          tags,
          summary: 'Draw the raffle now, once registration has closed (a drawn raffle is answered as it is)',
          security,
          params: ZDropRoundParams,
          response: { 200: ZData(ZConsoleRaffle) },
        },
      },
      async (request) => ({
        data: await drawRaffleFromConsole(ctx, operatorOf(request), request.params.dropId, request.params.round),
      }),
    );
  };
}
