import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZConsoleTicketGrant,
  ZConsoleTicketGrantEntry,
  ZConsoleTicketKind,
  ZConsoleTicketKindListQuery,
  ZCreateTicketKindRequest,
  ZData,
  ZGrantTicketsRequest,
  ZPage,
  ZPageQuery,
  ZUpdateTicketKindRequest,
} from '@cypher/contract';
import type { AppContext } from '../../app-context.ts';
import { idempotentRequestOf } from '../../http/idempotency.ts';
import { seenVersionOf } from '../../http/entry-version.ts';
import { operatorOf } from '../../http/operator-guard.ts';
import { createTicketKind } from './create-ticket-kind.ts';
import { getConsoleTicketKind } from './get-console-ticket-kind.ts';
import { grantTicketsFromConsole } from './grant-tickets-from-console.ts';
import { listTicketGrants } from './list-ticket-grants.ts';
import { listConsoleTicketKinds } from './list-ticket-kinds.ts';
import { updateTicketKind } from './update-ticket-kind.ts';

const tags = ['console'];
const security = [{ bearer: [] }];
const ZIdParams = z.object({ id: z.uuid() });

/** /v1/console/ticket-kinds, registered under the console's operator guard (console.routes.ts). */
export function consoleTicketKindsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v1/console/ticket-kinds',
      {
        schema: {
          tags,
          summary: "Kinds of tickets of this operator's brands (every kind for admins), newest first",
          security,
          querystring: ZConsoleTicketKindListQuery,
          response: { 200: ZData(ZPage(ZConsoleTicketKind)) },
        },
      },
      async (request) => ({ data: await listConsoleTicketKinds(ctx.db, request.query, operatorOf(request)) }),
    );

    app.get(
      '/v1/console/ticket-kinds/:id',
      {
        schema: {
          tags,
          summary: 'A kind of ticket, on sale or not',
          security,
          params: ZIdParams,
          response: { 200: ZData(ZConsoleTicketKind) },
        },
      },
      async (request) => ({ data: await getConsoleTicketKind(ctx.db, operatorOf(request), request.params.id) }),
    );

    app.post(
      '/v1/console/ticket-kinds',
      {
        schema: {
          tags,
          summary: 'Create a kind of ticket (without a brand: admins only)',
          security,
          body: ZCreateTicketKindRequest,
          response: { 201: ZData(ZConsoleTicketKind) },
        },
      },
      async (request, reply) =>
        reply.status(201).send({ data: await createTicketKind(ctx, operatorOf(request), request.body) }),
    );

    app.patch(
      '/v1/console/ticket-kinds/:id',
      {
        schema: {
          tags,
          summary:
            "Change a kind's words, artwork, price, per-order limit or whether it is active (If-Match: the updatedAt it was opened at, else ENTRY_CHANGED)",
          security,
          params: ZIdParams,
          body: ZUpdateTicketKindRequest,
          response: { 200: ZData(ZConsoleTicketKind) },
        },
      },
      async (request) => ({
        data: await updateTicketKind(ctx, operatorOf(request), request.params.id, request.body, seenVersionOf(request)),
      }),
    );

    app.get(
      '/v1/console/ticket-kinds/:id/grants',
      {
        schema: {
          tags,
          summary:
            'The grants made of this kind from the console, newest first: who, how many, the note and who gave them (addresses for admins only)',
          security,
          params: ZIdParams,
          querystring: ZPageQuery,
          response: { 200: ZData(ZPage(ZConsoleTicketGrantEntry)) },
        },
      },
      async (request) => ({
        data: await listTicketGrants(ctx.db, operatorOf(request), request.params.id, request.query),
      }),
    );

    app.post(
      '/v1/console/ticket-kinds/:id/grants',
      {
        schema: {
          tags,
          summary:
            'Give a person tickets of this kind, by user id or (admins only) by email (requires an Idempotency-Key header)',
          security,
          params: ZIdParams,
          body: ZGrantTicketsRequest,
          response: { 201: ZData(ZConsoleTicketGrant) },
        },
      },
      async (request, reply) => {
        const granted = await grantTicketsFromConsole(
          ctx,
          operatorOf(request),
          request.params.id,
          request.body,
          idempotentRequestOf(request),
        );
        return reply.status(201).send({ data: granted });
      },
    );
  };
}
