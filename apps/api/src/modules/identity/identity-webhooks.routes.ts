import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZData } from '@cypher/contract';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../http/app-error.ts';
import { applyIdentityEvent } from './apply-identity-event.ts';

/**
 * `POST /v1/webhooks/identity`: the identity provider's signed events. The signature is over the exact bytes sent,
 * so this plugin (and only this one: Fastify scopes a content-type parser to its plugin) keeps bodies raw.
 */
export function identityWebhooksRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 64 * 1024 }, (_request, body, done) =>
      done(null, body),
    );

    app.post(
      '/v1/webhooks/identity',
      {
        config: { hasUndeclaredBody: true },
        schema: {
          tags: ['identity'],
          summary: 'Identity provider webhooks (signed; applied once per event id)',
          response: { 200: ZData(z.object({ received: z.literal(true) })) },
        },
      },
      async (request) => {
        if (!ctx.identity) throw new AppError('NOT_FOUND');
        if (!Buffer.isBuffer(request.body)) throw new AppError('WEBHOOK_SIGNATURE_INVALID');
        const event = ctx.identity.verifyWebhook(request.body, request.headers);
        await applyIdentityEvent(ctx.db, event, ctx.clock.now());
        return { data: { received: true as const } };
      },
    );
  };
}
