import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TIdentityEvent } from '../../adapters/identity/identity-provider.ts';
import { signWebhook, WEBHOOK_SIGNATURE_HEADER } from '../../adapters/payments/payment-provider.ts';
import type { AppContext } from '../../app-context.ts';
import { identityReturnUrl } from '../identity/identity-views.ts';
import { pendingAttemptByReference } from '../identity/pending-attempt.ts';
import { renderClosedIdentityPage, renderIdentityPage, sandboxIdentityOutcomes } from './identity-page.ts';

const ZParams = z.object({ reference: z.string().min(1).max(200) });
const outcomes = Object.keys(sandboxIdentityOutcomes) as [
  keyof typeof sandboxIdentityOutcomes,
  ...Array<keyof typeof sandboxIdentityOutcomes>,
];
const ZOutcomeForm = z.object({ outcome: z.enum(outcomes) });

/**
 * The identity sandbox's hosted page, outside production only. Choosing an outcome signs a webhook with the identity
 * webhook secret and delivers it to this app's own POST /v1/webhooks/identity (the same verification and
 * exactly-once application as a real provider's), then sends the browser back to the Withdraw tab.
 */
export function devIdentityRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });

    app.get('/dev/identity/:reference', { schema: { hide: true, params: ZParams } }, async (request, reply) => {
      const attempt = await pendingAttemptByReference(ctx.db, request.params.reference);
      reply.type('text/html; charset=utf-8');
      if (!attempt) return reply.status(404).send(renderClosedIdentityPage());
      return reply.send(renderIdentityPage(request.params.reference));
    });

    app.post(
      '/dev/identity/:reference',
      { schema: { hide: true, params: ZParams, body: ZOutcomeForm } },
      async (request, reply) => {
        const { reference } = request.params;
        const attempt = await pendingAttemptByReference(ctx.db, reference);
        reply.type('text/html; charset=utf-8');
        if (!attempt) return reply.status(404).send(renderClosedIdentityPage());
        const { outcome } = request.body;
        const event: TIdentityEvent = {
          id: `evt_idv_sandbox_${randomUUID()}`,
          type: outcome === 'verified' ? 'identity.verified' : 'identity.failed',
          data: { providerReference: reference, ...(outcome === 'verified' ? {} : { failureReason: outcome }) },
        };
        const rawBody = JSON.stringify(event);
        const delivery = await app.inject({
          method: 'POST',
          url: '/v1/webhooks/identity',
          headers: {
            'content-type': 'application/json',
            [WEBHOOK_SIGNATURE_HEADER]: signWebhook(ctx.identityWebhookSecret, rawBody, ctx.clock.now()),
          },
          payload: rawBody,
        });
        if (delivery.statusCode !== 200) {
          request.log.error({ status: delivery.statusCode, body: delivery.body }, 'sandbox identity webhook failed');
          return reply.status(502).send(renderIdentityPage(reference, 'The identity check could not be completed.'));
        }
        return reply.redirect(identityReturnUrl(ctx.config.publicUrl, attempt.id), 303);
      },
    );
  };
}
