import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZData, ZNewsletterSubscription, ZSubscribeRequest, ZUnsubscribeRequest } from '@cypher/contract';
import type { AppContext } from '../../../app-context.ts';
import { AppError } from '../../../http/app-error.ts';
import { subscribeNewsletter } from './subscribe-newsletter.ts';
import { unsubscribeNewsletter } from './unsubscribe-newsletter.ts';
import { renderUnsubscribePage } from './unsubscribe-page.ts';

const tags = ['users'];

export function newsletterRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/v1/subscribe',
      {
        schema: {
          tags,
          summary: 'Subscribe an email to the newsletter (idempotent)',
          body: ZSubscribeRequest,
          response: { 200: ZData(ZNewsletterSubscription) },
        },
      },
      async (request) => ({ data: await subscribeNewsletter(ctx, request.body.email, { ip: request.ip }) }),
    );

    app.post(
      '/v1/subscribe/unsubscribe',
      {
        schema: {
          tags,
          summary: 'Unsubscribe with the token of a newsletter mail’s link',
          body: ZUnsubscribeRequest,
          response: { 200: ZData(ZNewsletterSubscription) },
        },
      },
      async (request) => ({ data: await unsubscribeNewsletter(ctx, request.body.token) }),
    );

    app.get(
      '/v1/subscribe/unsubscribe',
      {
        schema: {
          tags,
          summary: 'The unsubscribe link of a mail: unsubscribes and answers a page',
          querystring: z.object({ token: z.string().max(200).default('') }),
        },
      },
      async (request, reply) => {
        reply.type('text/html; charset=utf-8');
        try {
          const { email } = await unsubscribeNewsletter(ctx, request.query.token);
          return reply.send(renderUnsubscribePage(ctx.config.brandName, { email }));
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          const message = 'This unsubscribe link is not valid. Please use the link in the latest email we sent you.';
          return reply.status(error.status).send(renderUnsubscribePage(ctx.config.brandName, { error: message }));
        }
      },
    );
  };
}
