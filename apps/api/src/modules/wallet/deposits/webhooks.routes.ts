import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZData, ZDepositMethod } from '@cypher/contract';
import type { AppContext } from '../../../app-context.ts';
import { AppError } from '../../../http/app-error.ts';
import { receiveWebhook } from './receive-webhook.ts';

/**
 * `POST /v1/webhooks/:provider`. The signature is over the exact bytes sent, so this plugin (and only this plugin:
 * Fastify scopes a content-type parser to the plugin that adds it) keeps every body as the raw Buffer.
 */
export function webhooksRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 256 * 1024 }, (_request, body, done) =>
      done(null, body),
    );

    app.post(
      '/v1/webhooks/:provider',
      {
        config: { hasUndeclaredBody: true },
        schema: {
          tags: ['wallet'],
          summary: 'Payment provider webhooks (signed; applied once per event id)',
          params: z.object({ provider: ZDepositMethod }),
          response: { 200: ZData(z.object({ received: z.literal(true) })) },
        },
      },
      async (request) => {
        if (!Buffer.isBuffer(request.body)) throw new AppError('WEBHOOK_SIGNATURE_INVALID');
        await receiveWebhook(
          {
            ...ctx,
            // Money the provider received and we did not credit: someone has to look, so error level and reported.
            onHeldForReview: (review) => {
              const message = `payment event held for review (${review.reason}): received, not credited; see the console's payments for review`;
              request.log.error({ review }, message);
              ctx.errorReporter.report(new Error(message), {
                requestId: request.id,
                method: request.method,
                url: request.url,
              });
            },
          },
          request.params.provider,
          request.body,
          request.headers,
        );
        return { data: { received: true as const } };
      },
    );
  };
}
