import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZConsoleRedeemBatch,
  ZConsoleRedeemBatchListQuery,
  ZData,
  ZPage,
  ZRedeemBatchRequest,
  ZRedeemRequest,
  ZRedemption,
  ZRedemptionListQuery,
} from '@cypher/contract';
import type { AppContext } from '../../app-context.ts';
import { principalOf } from '../../http/auth-guard.ts';
import { idempotentRequestOf } from '../../http/idempotency.ts';
import { operatorOf } from '../../http/operator-guard.ts';
import { createRedeemBatch, getRedeemBatch, listRedeemBatches } from './console-redeem-batches.ts';
import { exportRedeemCodes } from './export-redeem-codes.ts';
import { redeemCode } from './redeem-code.ts';
import { revokeRedeemBatch } from './revoke-redeem-batch.ts';
import { listMyRedemptions } from './redemption-views.ts';

const tags = ['redeem'];
const ZIdParams = z.object({ id: z.uuid() });

/** Redeem codes (spec section 7: /redeems). The console's batches are in consoleRedeemRoutes. */
export function redeemRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/v1/redeems',
      {
        onRequest: ctx.guard.requireAuth,
        schema: {
          tags,
          summary: 'Redeem a code and receive what it grants (an Idempotency-Key, if sent, replays the first answer)',
          body: ZRedeemRequest,
          response: { 201: ZData(ZRedemption) },
        },
      },
      async (request, reply) =>
        reply.status(201).send({
          data: await redeemCode(
            ctx,
            principalOf(request).userId,
            request.body,
            { ip: request.ip },
            idempotentRequestOf(request),
          ),
        }),
    );

    app.get(
      '/v1/redeems',
      {
        onRequest: ctx.guard.requireAuth,
        schema: {
          tags,
          summary: 'The codes I redeemed, newest first, with what each gave',
          querystring: ZRedemptionListQuery,
          response: { 200: ZData(ZPage(ZRedemption)) },
        },
      },
      async (request) => ({ data: await listMyRedemptions(ctx, principalOf(request).userId, request.query) }),
    );
  };
}

/** /v1/console/redeem-batches, registered under the console's operator guard (console.routes.ts). */
export function consoleRedeemRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const consoleTags = ['console'];
  const security = [{ bearer: [] }];
  return async (app) => {
    app.get(
      '/v1/console/redeem-batches',
      {
        schema: {
          tags: consoleTags,
          summary: "Batches of redeem codes granting this operator's brands' things (every batch for admins)",
          security,
          querystring: ZConsoleRedeemBatchListQuery,
          response: { 200: ZData(ZPage(ZConsoleRedeemBatch)) },
        },
      },
      async (request) => ({ data: await listRedeemBatches(ctx, operatorOf(request), request.query) }),
    );

    app.get(
      '/v1/console/redeem-batches/:id',
      {
        schema: {
          tags: consoleTags,
          summary: 'A batch of redeem codes, with its uses',
          security,
          params: ZIdParams,
          response: { 200: ZData(ZConsoleRedeemBatch) },
        },
      },
      async (request) => ({ data: await getRedeemBatch(ctx, operatorOf(request), request.params.id) }),
    );

    app.post(
      '/v1/console/redeem-batches',
      {
        schema: {
          tags: consoleTags,
          summary: 'Make a batch of redeem codes (up to 100,000); export them as CSV afterwards',
          security,
          body: ZRedeemBatchRequest,
          response: { 201: ZData(ZConsoleRedeemBatch) },
        },
      },
      async (request, reply) =>
        reply.status(201).send({ data: await createRedeemBatch(ctx, operatorOf(request), request.body) }),
    );

    app.post(
      '/v1/console/redeem-batches/:id/revoke',
      {
        schema: {
          tags: consoleTags,
          summary:
            'Revoke a batch: none of its codes grants anything from now on (REDEEM_BATCH_ALREADY_REVOKED once done)',
          security,
          params: ZIdParams,
          response: { 200: ZData(ZConsoleRedeemBatch) },
        },
      },
      async (request) => ({ data: await revokeRedeemBatch(ctx, operatorOf(request), request.params.id) }),
    );

    app.get(
      '/v1/console/redeem-batches/:id/codes.csv',
      {
        schema: {
          tags: consoleTags,
          summary: "The batch's codes as CSV (number,code), streamed; every export is in the audit log",
          security,
          params: ZIdParams,
        },
      },
      async (request, reply) => {
        const exported = await exportRedeemCodes(ctx, operatorOf(request), request.params.id);
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${exported.filename}"`)
          .header('cache-control', 'no-store')
          .send(Readable.from(exported.lines));
      },
    );
  };
}
