import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CRYPTO_NETWORK_WARNING,
  cryptoDepositCurrencies,
  ZCreateDepositRequest,
  ZCreateDepositResponse,
  ZCryptoDepositCurrencies,
  ZData,
  ZDeposit,
  ZDepositLimits,
  ZPage,
  ZMyDepositsQuery,
} from '@cypher/contract';
import type { AppContext } from '../../../app-context.ts';
import { principalOf } from '../../../http/auth-guard.ts';
import { idempotentRequestOf } from '../../../http/idempotency.ts';
import { createDeposit } from './create-deposit.ts';
import { getMyDeposit } from './get-my-deposit.ts';
import { listMyDeposits } from './list-my-deposits.ts';

const tags = ['wallet'];

export function depositsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v1/deposits/limits',
      {
        schema: {
          tags,
          summary: 'The configured smallest and largest deposit (outside them: AMOUNT_OUT_OF_BANDWIDTH)',
          response: { 200: ZData(ZDepositLimits) },
        },
      },
      async () => ({
        data: {
          minimum: { amount: ctx.config.payments.depositMinCents, currency: 'USD' as const },
          maximum: { amount: ctx.config.payments.depositMaxCents, currency: 'USD' as const },
        },
      }),
    );

    app.get(
      '/v1/deposits/crypto/currencies',
      {
        schema: {
          tags,
          summary: 'The coins a crypto deposit takes, with the warning that other networks lose the funds',
          response: { 200: ZData(ZCryptoDepositCurrencies) },
        },
      },
      async () => ({
        data: { currencies: cryptoDepositCurrencies.map((coin) => ({ ...coin })), warning: CRYPTO_NETWORK_WARNING },
      }),
    );

    app.get(
      '/v1/deposits',
      {
        onRequest: ctx.guard.requireAuth,
        schema: {
          tags,
          summary:
            'My deposits, newest first; isOpen=true for those still in progress (created or pending), isUnpaid=true for those that ended without being paid (failed or expired)',
          querystring: ZMyDepositsQuery,
          response: { 200: ZData(ZPage(ZDeposit)) },
        },
      },
      async (request) => ({ data: await listMyDeposits(ctx.db, principalOf(request).userId, request.query) }),
    );

    app.get(
      '/v1/deposits/:id',
      {
        onRequest: ctx.guard.requireAuth,
        schema: {
          tags,
          summary: 'One of my deposits: what the payment return page polls until it is succeeded, failed or expired',
          params: z.object({ id: z.string().max(100) }),
          response: { 200: ZData(ZDeposit) },
        },
      },
      async (request) => ({ data: await getMyDeposit(ctx.db, principalOf(request).userId, request.params.id) }),
    );

    app.post(
      '/v1/deposits',
      {
        onRequest: ctx.guard.requireVerified,
        schema: {
          tags,
          summary:
            'Add funds: records the deposit and opens the provider checkout, or charges a saved card or Tilia payment method (paymentMethodId; no checkout, poll GET /v1/deposits/:id); takes an Idempotency-Key header',
          body: ZCreateDepositRequest,
          response: { 201: ZData(ZCreateDepositResponse) },
        },
      },
      async (request, reply) => {
        const { userId } = principalOf(request);
        const answer = await createDeposit(ctx, userId, request.body, idempotentRequestOf(request));
        return reply.status(201).send({ data: answer });
      },
    );
  };
}
