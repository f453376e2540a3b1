import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZBalanceHistoryItem, ZData, ZMyBalances, ZPage, ZPageQuery } from '@cypher/contract';
import type { AppContext } from '../../app-context.ts';
import { principalOf } from '../../http/auth-guard.ts';
import { getMyBalances } from './get-my-balances.ts';
import { listBalanceHistory } from './list-balance-history.ts';

const tags = ['wallet'];

export function walletRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v1/balances/my',
      {
        onRequest: ctx.guard.requireAuth,
        schema: {
          tags,
          summary: 'My balances in USD and CYP: withdrawable, not withdrawable, held in review',
          response: { 200: ZData(ZMyBalances) },
        },
      },
      async (request) => ({
        data: await getMyBalances(ctx.db, principalOf(request).userId, ctx.config.wallet, ctx.clock.now()),
      }),
    );

    app.get(
      '/v1/balances',
      {
        onRequest: ctx.guard.requireAuth,
        schema: {
          tags,
          summary: 'My balance history, newest first, with receipts for payments',
          querystring: ZPageQuery,
          response: { 200: ZData(ZPage(ZBalanceHistoryItem)) },
        },
      },
      async (request) => ({
        data: await listBalanceHistory(ctx.db, principalOf(request).userId, request.query, ctx.config.brandName),
      }),
    );
  };
}
