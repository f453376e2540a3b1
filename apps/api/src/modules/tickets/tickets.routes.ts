import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZData,
  ZMyTicket,
  ZPage,
  ZPageQuery,
  ZTicketKind,
  ZTicketKindListQuery,
  ZTicketMovement,
} from '@cypher/contract';
import type { AppContext } from '../../app-context.ts';
import { principalOf } from '../../http/auth-guard.ts';
import { cacheLive } from '../../http/public-cache.ts';
import { listMyTicketHistory } from './list-my-ticket-history.ts';
import { listMyTickets } from './list-my-tickets.ts';
import { listTicketKindsForSale } from './list-ticket-kinds.ts';

const tags = ['tickets'];
const security = [{ bearer: [] }];

/**
 * Tickets (issue 18): the kinds on sale, and my holdings and their history. The console's routes
 * (/v1/console/ticket-kinds) are in console-ticket-kinds.routes.ts, registered by consoleRoutes. Buying tickets is
 * POST /v2/orders (the orders module); spending them is raffle entry's.
 */
export function ticketsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v1/tickets',
      {
        // Kept a second, as a drop's rounds are, not a catalogue minute: its prices and what is on sale are what a
        // buyer pays from, and an operator's new price or a kind taken off sale showed for up to six minutes (the
        // minute and its five stale), the same old answer read again after the purchase was refused for it.
        onSend: cacheLive,
        schema: {
          tags,
          summary: 'Kinds of tickets on sale now, cheapest first',
          querystring: ZTicketKindListQuery,
          response: { 200: ZData(ZPage(ZTicketKind)) },
        },
      },
      async (request) => ({ data: await listTicketKindsForSale(ctx.db, request.query) }),
    );

    app.get(
      '/v1/tickets/my',
      {
        onRequest: ctx.guard.requireAuth,
        schema: {
          tags,
          summary: 'My tickets: how many of each kind I hold (0 for kinds I have used up), most held first',
          security,
          querystring: ZPageQuery,
          response: { 200: ZData(ZPage(ZMyTicket)) },
        },
      },
      async (request) => ({ data: await listMyTickets(ctx.db, principalOf(request).userId, request.query) }),
    );

    app.get(
      '/v1/tickets/my/history',
      {
        onRequest: ctx.guard.requireAuth,
        schema: {
          tags,
          summary: 'Every ticket I was given or spent, newest first',
          security,
          querystring: ZPageQuery,
          response: { 200: ZData(ZPage(ZTicketMovement)) },
        },
      },
      async (request) => ({ data: await listMyTicketHistory(ctx.db, principalOf(request).userId, request.query) }),
    );
  };
}
