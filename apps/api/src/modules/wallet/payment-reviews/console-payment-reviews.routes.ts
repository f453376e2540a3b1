import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZData,
  ZPage,
  ZPaymentReview,
  ZPaymentReviewParams,
  ZPaymentReviewsQuery,
  ZResolvePaymentReviewRequest,
} from '@cypher/contract';
import type { AppContext } from '../../../app-context.ts';
import { adminOnly, operatorOf } from '../../../http/operator-guard.ts';
import { listPaymentReviews } from './list-payment-reviews.ts';
import { resolvePaymentReview } from './resolve-payment-review.ts';

const tags = ['console'];
const security = [{ bearer: [] }];

/**
 * Registered inside consoleRoutes, so requireOperator has already run; payments, like withdrawals and the ledger, are
 * for admins only. The held events are written by applyPaymentEvent (deposits/apply-payment-event.ts).
 */
export function consolePaymentReviewsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', adminOnly);

    app.get(
      '/v1/console/payment-reviews',
      {
        schema: {
          tags,
          summary:
            'Payments received that no deposit could take (nothing was credited), open ones first, newest first, or by state (admin)',
          security,
          querystring: ZPaymentReviewsQuery,
          response: { 200: ZData(ZPage(ZPaymentReview)) },
        },
      },
      async (request) => ({ data: await listPaymentReviews(ctx.db, request.query) }),
    );

    app.post(
      '/v1/console/payment-reviews/:provider/:eventId/resolve',
      {
        schema: {
          tags,
          summary:
            "Record what was done about a payment for review, with a note (the refund itself is made in the provider's dashboard) (admin)",
          security,
          params: ZPaymentReviewParams,
          body: ZResolvePaymentReviewRequest,
          response: { 200: ZData(ZPaymentReview) },
        },
      },
      async (request) => ({
        data: await resolvePaymentReview(ctx, operatorOf(request), request.params, request.body.note),
      }),
    );
  };
}
