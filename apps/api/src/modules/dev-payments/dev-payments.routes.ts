import { z } from 'zod';
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZDepositMethod, type TDepositMethod } from '@cypher/contract';
import { signWebhook, WEBHOOK_SIGNATURE_HEADER, type TPaymentEvent } from '../../adapters/payments/payment-provider.ts';
import type { AppContext } from '../../app-context.ts';
import {
  CHECKOUT_SCRIPT_PATH,
  checkoutScript,
  renderCheckoutPage,
  renderClosedCheckout,
  renderOutcomeCheckoutPage,
} from './checkout-page.ts';
import { findOpenCheckoutDeposit } from '../wallet/deposits/deposit-answer.ts';
import { sandboxCheckoutEvent } from './sandbox-checkout.ts';

const ZParams = z.object({ method: ZDepositMethod, reference: z.string().min(1).max(200) });
/** Where the provider sends the person back: a path of this site only (never `//elsewhere`). */
const ZReturn = z.object({
  return: z
    .string()
    .max(500)
    .regex(/^\/(?!\/)[^\s\\]*$/)
    .optional()
    .catch(undefined),
});
const ZCheckoutForm = z.object({
  cardNumber: z.string().default(''),
  expiry: z.string().default(''),
  cvc: z.string().default(''),
  outcome: z.enum(['succeeded', 'failed', 'expired']).default('succeeded'),
});

/**
 * The sandboxes' hosted checkouts (card form; crypto charge and Tilia payment with a chosen outcome), outside
 * production only. Paying signs a webhook with the configured webhook secret and delivers it to this app's own
 * POST /v1/webhooks/:method, so it goes through the same verification and
 * exactly-once application as a real provider's; then the browser goes back to the deposit's return page.
 */
export function devPaymentsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });

    const deliver = async (method: TDepositMethod, event: TPaymentEvent, log: FastifyBaseLogger): Promise<boolean> => {
      const rawBody = JSON.stringify(event);
      const delivery = await app.inject({
        method: 'POST',
        url: `/v1/webhooks/${method}`,
        headers: {
          'content-type': 'application/json',
          [WEBHOOK_SIGNATURE_HEADER]: signWebhook(ctx.paymentsWebhookSecret, rawBody, ctx.clock.now()),
        },
        payload: rawBody,
      });
      if (delivery.statusCode === 200) return true;
      log.error({ status: delivery.statusCode, body: delivery.body }, 'sandbox webhook delivery failed');
      return false;
    };
    // Saved-method charges: the sandbox providers call back through the same signed delivery, after answering.
    ctx.sandboxWebhooks.connect((method, event) => deliver(method, event, app.log));

    app.get(CHECKOUT_SCRIPT_PATH, { schema: { hide: true } }, async (_request, reply) =>
      reply.type('text/javascript; charset=utf-8').send(checkoutScript),
    );

    app.get(
      '/dev/payments/:method/checkout/:reference',
      { schema: { hide: true, params: ZParams, querystring: ZReturn } },
      async (request, reply) => {
        const { method, reference } = request.params;
        const deposit = await findOpenCheckoutDeposit(ctx.db, method, reference);
        reply.type('text/html; charset=utf-8');
        if (!deposit) return reply.status(404).send(renderClosedCheckout(request.query.return));
        const returnPath = request.query.return;
        if (method !== 'card')
          return reply.send(renderOutcomeCheckoutPage(method, reference, deposit.amount, undefined, returnPath));
        return reply.send(renderCheckoutPage(reference, deposit.amount, undefined, returnPath));
      },
    );

    app.post(
      '/dev/payments/:method/checkout/:reference',
      { schema: { hide: true, params: ZParams, querystring: ZReturn, body: ZCheckoutForm } },
      async (request, reply) => {
        const { method, reference } = request.params;
        const deposit = await findOpenCheckoutDeposit(ctx.db, method, reference);
        reply.type('text/html; charset=utf-8');
        if (!deposit) return reply.status(404).send(renderClosedCheckout(request.query.return));
        const returnPath = request.query.return;
        const checkoutPage = (error: string) =>
          method === 'card'
            ? renderCheckoutPage(reference, deposit.amount, error, returnPath)
            : renderOutcomeCheckoutPage(method, reference, deposit.amount, error, returnPath);
        const paid = sandboxCheckoutEvent(method, reference, deposit.amount, request.body, ctx.clock.now());
        if ('formError' in paid) return reply.status(400).send(checkoutPage(paid.formError));
        if (!(await deliver(method, paid.event, request.log))) {
          return reply.status(502).send(checkoutPage('The payment could not be completed.'));
        }
        return reply.redirect(`${ctx.config.publicUrl}${returnPath ?? `/payment?deposit=${deposit.id}`}`, 303);
      },
    );
  };
}
