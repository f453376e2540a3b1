import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZCreateWithdrawalRequest,
  ZData,
  ZMyWithdrawal,
  ZPage,
  ZPageQuery,
  ZWithdrawal,
  ZWithdrawalFees,
  type TWithdrawal,
} from '@cypher/contract';
import type { AppContext } from '../../../app-context.ts';
import { principalOf } from '../../../http/auth-guard.ts';
import { runIdempotent } from '../../../http/idempotency.ts';
import { verifiedEmailFor } from '../../users/verified-emails.ts';
import { listMyWithdrawals } from './list-withdrawals.ts';
import { requestWithdrawal } from './request-withdrawal.ts';
import { emailWithdrawalStep } from './withdrawal-emails.ts';

const tags = ['wallet'];

export function withdrawalsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v1/withdrawals/fees',
      {
        onRequest: ctx.guard.requireAuth,
        schema: {
          tags,
          summary: 'The fee per withdrawal method, shown before submitting',
          response: { 200: ZData(ZWithdrawalFees) },
        },
      },
      async () => {
        const fees = ctx.config.wallet.withdrawalFeeCents;
        return {
          data: { wire: { amount: fees.wire, currency: 'USD' }, usdc: { amount: fees.usdc, currency: 'USD' } },
        } as const;
      },
    );

    app.post(
      '/v1/withdrawals',
      {
        onRequest: ctx.guard.requireVerified,
        schema: {
          tags,
          summary: 'Request a withdrawal by wire or USDC (takes an Idempotency-Key header)',
          body: ZCreateWithdrawalRequest,
          response: { 201: ZData(ZWithdrawal) },
        },
      },
      async (request, reply) => {
        const { userId } = principalOf(request);
        const now = ctx.clock.now();
        // Whether this request made the withdrawal, not replayed it: only then is its owner emailed (a real mail
        // service sends a repeat again, whatever its Message-ID).
        let isRequested = false;
        const result = await runIdempotent<{ data: TWithdrawal }>({ db: ctx.db, now }, request, userId, async (tx) => {
          isRequested = true;
          return {
            status: 201,
            body: { data: await requestWithdrawal(tx, { wallet: ctx.config.wallet, now }, userId, request.body) },
          };
        });
        const email = isRequested ? await verifiedEmailFor(ctx.db, principalOf(request)) : null;
        if (email) await emailWithdrawalStep(ctx, email, result.body.data);
        // Failures (first or replayed) are thrown as AppErrors; a success, first or replayed, is always the 201.
        return reply.status(201).send(result.body);
      },
    );

    app.get(
      '/v1/withdrawals',
      {
        onRequest: ctx.guard.requireAuth,
        schema: {
          tags,
          summary: 'My withdrawals, newest first',
          querystring: ZPageQuery,
          response: { 200: ZData(ZPage(ZMyWithdrawal)) },
        },
      },
      async (request) => ({ data: await listMyWithdrawals(ctx.db, principalOf(request).userId, request.query) }),
    );
  };
}
