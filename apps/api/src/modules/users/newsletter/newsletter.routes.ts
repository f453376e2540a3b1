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
          summary:
            'The unsubscribe link of a mail: unsubscribes; a browser gets a page, any other client the JSON answers',
          querystring: z.object({ token: z.string().max(200).default('') }),
        },
      },
      async (request, reply) => {
        // A person opens this link from a mail app, and a browser asks for HTML: they read a page, and a link that
        // does not work says so in words. Every other client (the web app's API client sends Accept:
        // application/json) gets the API's own answers, `{ data }` or `{ code, message }`, as on every API path.
        if (!prefersHtml(request.headers.accept)) {
          return { data: await unsubscribeNewsletter(ctx, request.query.token) };
        }
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

/** Whether an Accept header asks for a page: browsers' navigations name text/html; API clients name JSON or nothing. */
function prefersHtml(accept: string | undefined): boolean {
  return accept !== undefined && /(^|,)\s*text\/html\s*(;|,|$)/i.test(accept);
}
