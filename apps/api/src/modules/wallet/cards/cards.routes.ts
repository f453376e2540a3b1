import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZAddCardRequest,
  ZAddTiliaPaymentMethodRequest,
  ZData,
  ZSavedCard,
  ZTiliaPaymentMethod,
} from '@cypher/contract';
import type { AppContext } from '../../../app-context.ts';
import { principalOf } from '../../../http/auth-guard.ts';
import { addSavedCard, deleteSavedCard, listSavedCards } from './saved-cards.ts';
import { addTiliaPaymentMethod, deleteTiliaPaymentMethod, listTiliaPaymentMethods } from './tilia-payment-methods.ts';

const tags = ['wallet'];

export function cardsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v1/cards',
      {
        onRequest: ctx.guard.requireAuth,
        schema: { tags, summary: 'My saved cards', response: { 200: ZData(z.array(ZSavedCard)) } },
      },
      async (request) => ({ data: await listSavedCards(ctx.db, principalOf(request).userId) }),
    );

    app.post(
      '/v1/cards',
      {
        onRequest: ctx.guard.requireVerified,
        schema: {
          tags,
          summary: 'Save a card (Luhn-checked; only name, brand, last four and expiry are kept)',
          body: ZAddCardRequest,
          response: { 201: ZData(ZSavedCard) },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send({ data: await addSavedCard(ctx.db, principalOf(request).userId, request.body, ctx.clock.now()) }),
    );

    app.delete(
      '/v1/cards/:id',
      {
        onRequest: ctx.guard.requireAuth,
        schema: { tags, summary: 'Remove a saved card', params: z.object({ id: z.uuid() }) },
      },
      async (request, reply) => {
        await deleteSavedCard(ctx.db, principalOf(request).userId, request.params.id);
        return reply.status(204).send();
      },
    );

    app.get(
      '/v1/tilia/payment-methods',
      {
        onRequest: ctx.guard.requireAuth,
        schema: { tags, summary: 'My Tilia payment methods', response: { 200: ZData(z.array(ZTiliaPaymentMethod)) } },
      },
      async (request) => ({ data: await listTiliaPaymentMethods(ctx.db, principalOf(request).userId) }),
    );

    app.post(
      '/v1/tilia/payment-methods',
      {
        onRequest: ctx.guard.requireVerified,
        schema: {
          tags,
          summary: 'Add a Tilia payment method',
          body: ZAddTiliaPaymentMethodRequest,
          response: { 201: ZData(ZTiliaPaymentMethod) },
        },
      },
      async (request, reply) =>
        reply.status(201).send({
          data: await addTiliaPaymentMethod(ctx.db, principalOf(request).userId, request.body, ctx.clock.now()),
        }),
    );

    app.delete(
      '/v1/tilia/payment-methods/:id',
      {
        onRequest: ctx.guard.requireAuth,
        schema: { tags, summary: 'Remove a Tilia payment method', params: z.object({ id: z.uuid() }) },
      },
      async (request, reply) => {
        await deleteTiliaPaymentMethod(ctx.db, principalOf(request).userId, request.params.id);
        return reply.status(204).send();
      },
    );
  };
}
