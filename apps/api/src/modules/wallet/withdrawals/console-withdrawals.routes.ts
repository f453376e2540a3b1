import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZConsoleWithdrawal,
  ZConsoleWithdrawalDetail,
  ZConsoleWithdrawalsQuery,
  ZData,
  ZFailWithdrawalRequest,
  ZPage,
  ZRejectWithdrawalRequest,
} from '@cypher/contract';
import type { AppContext } from '../../../app-context.ts';
import { adminOnly, operatorOf } from '../../../http/operator-guard.ts';
import { changeWithdrawalStatus, type TWithdrawalDecision } from './change-withdrawal-status.ts';
import { getConsoleWithdrawal } from './get-console-withdrawal.ts';
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

    const decisions: { path: string; decision: TWithdrawalDecision; summary: string }[] = [
      { path: 'review', decision: 'review', summary: 'Take a withdrawal in review (admin)' },
      { path: 'approve', decision: 'approve', summary: 'Approve a withdrawal (admin)' },
      { path: 'paid', decision: 'mark_paid', summary: 'Mark an approved withdrawal paid (admin)' },
    ];
    for (const { path, decision, summary } of decisions) {
      app.post(
        `/v1/console/withdrawals/:id/${path}`,
        { schema: { tags, summary, security, params, response: detailResponse } },
        async (request) => ({
          data: await changeWithdrawalStatus(ctx, operatorOf(request), request.params.id, decision),
        }),
      );
    }

    const withReason: {
      path: string;
      decision: TWithdrawalDecision;
      summary: string;
      body: typeof ZRejectWithdrawalRequest;
    }[] = [
      {
        path: 'reject',
        decision: 'reject',
        summary: 'Reject a withdrawal with a reason: the amount goes back, the fee is kept (admin)',
        body: ZRejectWithdrawalRequest,
      },
      {
        path: 'failed',
        decision: 'mark_failed',
        summary: 'Mark an approved withdrawal failed with a reason: amount and fee go back (admin)',
        body: ZFailWithdrawalRequest,
      },
    ];
    for (const { path, decision, summary, body } of withReason) {
      app.post(
        `/v1/console/withdrawals/:id/${path}`,
        { schema: { tags, summary, security, params, body, response: detailResponse } },
        async (request) => ({
          data: await changeWithdrawalStatus(
            ctx,
            operatorOf(request),
            request.params.id,
            decision,
            request.body.reason,
          ),
        }),
      );
    }
  };
}
