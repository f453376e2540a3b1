import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZConsoleWithdrawal,
  ZConsoleWithdrawalDetail,
  ZConsoleWithdrawalsQuery,
  ZData,
  ZFailWithdrawalRequest,
  ZMarkWithdrawalPaidRequest,
  ZPage,
  ZRejectWithdrawalRequest,
  ZWithdrawalReviewContext,
  withdrawalMoveNames,
  withdrawalMoves,
  type TWithdrawalMove,
  type TWithdrawalMoveWithWords,
} from '@cypher/contract';
import type { AppContext } from '../../../app-context.ts';
import { adminOnly, operatorOf } from '../../../http/operator-guard.ts';
import { changeWithdrawalStatus } from './change-withdrawal-status.ts';
import { getConsoleWithdrawal } from './get-console-withdrawal.ts';
import { getWithdrawalReviewContext } from './get-withdrawal-review-context.ts';
import { listConsoleWithdrawals } from './list-withdrawals.ts';

const tags = ['console'];
const security = [{ bearer: [] }];
const params = z.object({ id: z.uuid() });
const detailResponse = { 200: ZData(ZConsoleWithdrawalDetail) };

/** Registered inside consoleRoutes, so requireOperator has already run; every route here is for admins only. */
export function consoleWithdrawalsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', adminOnly);

    app.get(
      '/v1/console/withdrawals',
      {
        schema: {
          tags,
          summary: 'Withdrawals, newest first (sort=createdAt: oldest first), by state (admin)',
          security,
          querystring: ZConsoleWithdrawalsQuery,
          response: { 200: ZData(ZPage(ZConsoleWithdrawal)) },
        },
      },
      async (request) => ({ data: await listConsoleWithdrawals(ctx.db, request.query) }),
    );

    app.get(
      '/v1/console/withdrawals/:id',
      {
        schema: {
          tags,
          summary: 'One withdrawal with its payout details and history (admin)',
          security,
          params,
          response: detailResponse,
        },
      },
      async (request) => ({ data: await getConsoleWithdrawal(ctx.db, request.params.id) }),
    );

    app.get(
      '/v1/console/withdrawals/:id/context',
      {
        schema: {
          tags,
          summary:
            "What a review weighs: the person's balance now, what they added and were paid, their other requests, and whether the destination is new or shared with other people (admin)",
          security,
          params,
          response: { 200: ZData(ZWithdrawalReviewContext) },
        },
      },
      async (request) => ({
        data: await getWithdrawalReviewContext(ctx.db, request.params.id, ctx.config.wallet, ctx.clock.now()),
      }),
    );

    const summaries: Record<TWithdrawalMove, string> = {
      review: 'Take a withdrawal in review (admin)',
      approve: 'Approve a withdrawal (admin)',
      reject: 'Reject a withdrawal with a reason: the amount goes back, the fee is kept (admin)',
      paid: "Mark an approved withdrawal paid with the payout's reference: the amount leaves, the fee is kept (admin)",
      failed: 'Mark an approved withdrawal failed with a reason: amount and fee go back (admin)',
    };

    // One route per move of the contract's table, so the addresses, the audit decisions and what each move's request
    // carries are the ones the console offers.
    const bodies = {
      reject: ZRejectWithdrawalRequest,
      failed: ZFailWithdrawalRequest,
      paid: ZMarkWithdrawalPaidRequest,
    } as const satisfies Record<TWithdrawalMoveWithWords, unknown>;
    for (const move of Object.keys(bodies) as (keyof typeof bodies)[]) {
      app.post(
        `/v1/console/withdrawals/:id/${move}`,
        { schema: { tags, summary: summaries[move], security, params, body: bodies[move], response: detailResponse } },
        async (request) => ({
          data: await changeWithdrawalStatus(ctx, operatorOf(request), request.params.id, move, request.body),
        }),
      );
    }
    for (const move of withdrawalMoveNames.filter((name) => withdrawalMoves[name].asks === null)) {
      app.post(
        `/v1/console/withdrawals/:id/${move}`,
        { schema: { tags, summary: summaries[move], security, params, response: detailResponse } },
        async (request) => ({
          data: await changeWithdrawalStatus(ctx, operatorOf(request), request.params.id, move),
        }),
      );
    }
  };
}
