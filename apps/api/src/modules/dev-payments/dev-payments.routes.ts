import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { INVALID_CARD_NUMBER_MESSAGE, isValidCardNumber, ZDepositMethod, type TDepositMethod } from '@cypher/contract';
import { signWebhook, WEBHOOK_SIGNATURE_HEADER, type TPaymentEvent } from '../../adapters/payments/payment-provider.ts';
import { sandboxCardDeclines } from '../../adapters/payments/sandbox-provider.ts';
import type { AppContext } from '../../app-context.ts';
import { deposits } from '../wallet/deposits/deposits.tables.ts';
import { renderCheckoutPage, renderClosedCheckout, renderOutcomeCheckoutPage } from './checkout-page.ts';

const ZParams = z.object({ method: ZDepositMethod, reference: z.string().min(1).max(200) });
const ZCheckoutForm = z.object({
  cardNumber: z.string().default(''),
  expiry: z.string().default(''),
  cvc: z.string().default(''),
  outcome: z.enum(['succeeded', 'failed', 'expired']).default('succeeded'),
});

function brandOf(digits: string): string {
  if (digits.startsWith('4')) return 'Visa';
  if (/^5[1-5]/.test(digits) || /^2[2-7]/.test(digits)) return 'Mastercard';
  if (/^3[47]/.test(digits)) return 'American Express';
  return 'Card';
}

function isFutureExpiry(expiry: string, now: Date): boolean {
  const match = /^\s*(\d{2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(expiry);
  if (!match) return false;
  const month = Number(match[1]);
  const year = match[2]!.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  if (month < 1 || month > 12) return false;
  return year > now.getUTCFullYear() || (year === now.getUTCFullYear() && month >= now.getUTCMonth() + 1);
}

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

    const pendingDeposit = async (method: TDepositMethod, reference: string) => {
      const [deposit] = await ctx.db
        .select()
        .from(deposits)
        .where(and(eq(deposits.providerReference, reference), eq(deposits.method, method)));
      return deposit?.status === 'pending' ? deposit : null;
    };

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

    app.get(
      '/dev/payments/:method/checkout/:reference',
      { schema: { hide: true, params: ZParams } },
      async (request, reply) => {
        const { method, reference } = request.params;
        const deposit = await pendingDeposit(method, reference);
        reply.type('text/html; charset=utf-8');
        if (!deposit) return reply.status(404).send(renderClosedCheckout());
        if (method !== 'card') return reply.send(renderOutcomeCheckoutPage(method, reference, deposit.amount));
        return reply.send(renderCheckoutPage(reference, deposit.amount));
      },
    );

    app.post(
      '/dev/payments/:method/checkout/:reference',
      { schema: { hide: true, params: ZParams, body: ZCheckoutForm } },
      async (request, reply) => {
        const { method, reference } = request.params;
        const deposit = await pendingDeposit(method, reference);
        reply.type('text/html; charset=utf-8');
        if (!deposit) return reply.status(404).send(renderClosedCheckout());
        if (method !== 'card') {
          const { outcome } = request.body;
          const event: TPaymentEvent = {
            id: `evt_sandbox_${randomUUID()}`,
            type: `payment.${outcome}`,
            data: {
              providerReference: reference,
              amount: deposit.amount,
              currency: 'USD',
              paymentMethod: method === 'crypto' ? 'Crypto' : 'Tilia',
              ...(outcome === 'failed' ? { failureReason: 'payment_declined' } : {}),
            },
          };
          const isDelivered = await deliver(method, event, request.log);
          if (!isDelivered) {
            return reply
              .status(502)
              .send(
                renderOutcomeCheckoutPage(method, reference, deposit.amount, 'The payment could not be completed.'),
              );
          }
          return reply.redirect(`${ctx.config.publicUrl}/payment?deposit=${deposit.id}`, 303);
        }
        const digits = request.body.cardNumber.replace(/[\s-]/g, '');
        const formError = !isValidCardNumber(digits)
          ? INVALID_CARD_NUMBER_MESSAGE
          : !isFutureExpiry(request.body.expiry, ctx.clock.now())
            ? 'Please enter a valid expiry date (MM/YY).'
            : !/^\d{3,4}$/.test(request.body.cvc.trim())
              ? 'Please enter the 3 or 4 digit security code.'
              : null;
        if (formError) return reply.status(400).send(renderCheckoutPage(reference, deposit.amount, formError));

        const declineReason = sandboxCardDeclines[digits];
        const event: TPaymentEvent = {
          id: `evt_sandbox_${randomUUID()}`,
          type: declineReason ? 'payment.failed' : 'payment.succeeded',
          data: {
            providerReference: reference,
            amount: deposit.amount,
            currency: 'USD',
            paymentMethod: `${brandOf(digits)} •••• ${digits.slice(-4)}`,
            ...(declineReason ? { failureReason: declineReason } : {}),
          },
        };
        if (!(await deliver('card', event, request.log))) {
          return reply
            .status(502)
            .send(renderCheckoutPage(reference, deposit.amount, 'The payment could not be completed.'));
        }
        return reply.redirect(`${ctx.config.publicUrl}/payment?deposit=${deposit.id}`, 303);
      },
    );
  };
}
