import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZCreatedOrder,
  ZCreateOrderRequest,
  ZData,
  ZOrder,
  ZOrderCollections,
  ZOrderFee,
  ZOrderFeeQuery,
  ZPage,
  ZPageQuery,
} from '@cypher/contract';
import type { AppContext } from '../../app-context.ts';
import { principalOf } from '../../http/auth-guard.ts';
import { idempotentRequestOf } from '../../http/idempotency.ts';
import { cancelOrder } from './cancel-order.ts';
import { getMyOrder, getOrderCollections, listMyOrders } from './get-my-orders.ts';
import { payOrderWithTilia } from './pay-order-with-tilia.ts';
import { purchasePacks } from './purchase-packs.ts';
import { quoteOrder } from './quote-order.ts';

const tags = ['orders'];
const params = z.object({ id: z.uuid() });

export function ordersRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v1/orders/fee',
      {
        schema: {
          tags,
          summary: 'Unit price, service fee and total of buying packs of a drop, or a pass, now',
          querystring: ZOrderFeeQuery,
          response: { 200: ZData(ZOrderFee) },
        },
      },
      async (request) => ({ data: await quoteOrder(ctx.db, ctx.config, request.query, ctx.clock.now()) }),
    );

    // The spec names both: `/v2/orders` is what the drop page's purchase popup calls, `/v1/orders` what the pass and
    // ticket pages call. One handler, one purchase path (issue 18).
    for (const path of ['/v2/orders', '/v1/orders']) {
      app.post(
        path,
        {
          // On arrival, so a stranger's body is never parsed or validated.
          onRequest: ctx.guard.requireAuth,
          schema: {
            tags,
            summary:
              'Buy packs of a drop or a pass, from the balance, by card or Tilia (takes an Idempotency-Key header)',
            body: ZCreateOrderRequest,
            response: { 201: ZData(ZCreatedOrder) },
          },
        },
        async (request, reply) => {
          const order = await purchasePacks(ctx, principalOf(request), request.body, idempotentRequestOf(request));
          return reply.status(201).send({ data: order });
        },
      );
    }

    app.get(
      '/v1/orders',
      {
        onRequest: ctx.guard.requireAuth,
        schema: {
          tags,
          summary: 'My orders, newest first, with receipts',
          querystring: ZPageQuery,
          response: { 200: ZData(ZPage(ZOrder)) },
        },
      },
      async (request) => ({
        data: await listMyOrders(ctx.db, principalOf(request).userId, request.query, ctx.config.brandName),
      }),
    );

    app.get(
      '/v1/orders/:id',
      {
        onRequest: ctx.guard.requireAuth,
        schema: {
          tags,
          summary: 'One of my orders: PENDING, SUCCESSFUL, FAILED or TIMED_OUT',
          params,
          response: { 200: ZData(ZOrder) },
        },
      },
      async (request) => ({
        data: await getMyOrder(ctx.db, principalOf(request).userId, request.params.id, ctx.config.brandName),
      }),
    );

    app.get(
      '/v1/orders/:id/collections',
      {
        onRequest: ctx.guard.requireAuth,
        schema: {
          tags,
          summary: 'What one of my orders delivered',
          params,
          response: { 200: ZData(ZOrderCollections) },
        },
      },
      async (request) => ({ data: await getOrderCollections(ctx.db, principalOf(request).userId, request.params.id) }),
    );

    app.post(
      '/v1/orders/:id/tilia',
      {
        onRequest: ctx.guard.requireAuth,
        schema: {
          tags,
          summary: 'Pay one of my pending orders through Tilia',
          params,
          response: { 200: ZData(z.object({ checkoutUrl: z.string().nullable() })) },
        },
      },
      async (request) => ({ data: await payOrderWithTilia(ctx, principalOf(request).userId, request.params.id) }),
    );

    app.post(
      '/v1/orders/:id/cancel',
      {
        onRequest: ctx.guard.requireAuth,
        schema: {
          tags,
          summary: 'Cancel one of my card or Tilia orders before paying: its packs or passes go back on sale',
          params,
          response: { 200: ZData(ZOrder) },
        },
      },
      async (request) => ({ data: await cancelOrder(ctx, principalOf(request).userId, request.params.id) }),
    );
  };
}
