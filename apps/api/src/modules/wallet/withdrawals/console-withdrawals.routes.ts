import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZConsoleWithdrawal, ZConsoleWithdrawalsQuery, ZData, ZPage, ZRejectWithdrawalRequest } from '@cypher/contract';
import type { AppContext } from '../../../app-context.ts';
import { adminOnly, operatorOf } from '../../../http/operator-guard.ts';
import { changeWithdrawalStatus, type TWithdrawalDecision } from './change-withdrawal-status.ts';
import { listConsoleWithdrawals } from './list-withdrawals.ts';

const tags = ['console'];
const security = [{ bearer: [] }];
const params = z.object({ id: z.uuid() });

/** Registered inside consoleRoutes, so requireOperator has already run; every route here is for admins only. */
export function consoleWithdrawalsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', adminOnly);

    app.get(
      '/v1/console/withdrawals',
      {
        schema: {
          tags,
          summary: 'Withdrawals to review, oldest first (admin)',
          security,
          querystring: ZConsoleWithdrawalsQuery,
          response: { 200: ZData(ZPage(ZConsoleWithdrawal)) },
        },
      },
      async (request) => ({ data: await listConsoleWithdrawals(ctx.db, request.query) }),
    );

    const decisions: { path: string; decision: TWithdrawalDecision; summary: string }[] = [
      { path: 'review', decision: 'review', summary: 'Take a withdrawal in review (admin)' },
      { path: 'approve', decision: 'approve', summary: 'Approve a withdrawal (admin)' },
      { path: 'paid', decision: 'mark_paid', summary: 'Mark an approved withdrawal paid (admin)' },
      { path: 'failed', decision: 'mark_failed', summary: 'Mark an approved withdrawal failed: amount and fee go back (admin)' },
    ];
    for (const { path, decision, summary } of decisions) {
      app.post(
        `/v1/console/withdrawals/:id/${path}`,
        { schema: { tags, summary, security, params, response: { 200: ZData(ZConsoleWithdrawal) } } },
        async (request) => ({
          data: await changeWithdrawalStatus(ctx, operatorOf(request), request.params.id, decision),
        }),
      );
    }

    app.post(
      '/v1/console/withdrawals/:id/reject',
      {
        schema: {
          tags,
          summary: 'Reject a withdrawal with a reason: the amount goes back, the fee is kept (admin)',
          security,
          params,
          body: ZRejectWithdrawalRequest,
          response: { 200: ZData(ZConsoleWithdrawal) },
        },
      },
      async (request) => ({
        data: await changeWithdrawalStatus(ctx, operatorOf(request), request.params.id, 'reject', request.body.reason),
      }),
    );
  };
}
