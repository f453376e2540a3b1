import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZConfirmSubscriptionRequest,
  ZData,
  ZNewsletterSubscribeOutcome,
  ZNewsletterSubscription,
  ZSubscribeRequest,
  ZUnsubscribeRequest,
} from '@cypher/contract';
import type { AppContext } from '../../../app-context.ts';
import { AppError } from '../../../http/app-error.ts';
import { verifiedEmailFor } from '../verified-emails.ts';
import { checkNewsletterConfirmation, confirmNewsletterSubscription } from './confirm-newsletter-subscription.ts';
import { renderConfirmationPage, type TConfirmationPageState } from './confirmation-page.ts';
import { subscribeNewsletter } from './subscribe-newsletter.ts';
import { unsubscribeNewsletter } from './unsubscribe-newsletter.ts';
import { renderUnsubscribePage } from './unsubscribe-page.ts';

const tags = ['users'];

export function newsletterRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/v1/subscribe',
      {
        // A signed-in person's own verified address needs no confirming (subscribe-newsletter.ts).
        onRequest: ctx.guard.optionalAuth,
        schema: {
          tags,
          summary: 'Subscribe an email to the newsletter: a confirmation link is mailed to it (idempotent)',
          body: ZSubscribeRequest,
          response: { 200: ZData(ZNewsletterSubscribeOutcome) },
        },
      },
      async (request) => {
        const verifiedEmail = request.principal ? await verifiedEmailFor(ctx.db, request.principal) : null;
        return { data: await subscribeNewsletter(ctx, request.body.email, { ip: request.ip, verifiedEmail }) };
      },
    );

    await app.register(confirmationRoutes(ctx));

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

/**
 * The confirmation mail's link (double opt-in, decision record 49). GET shows the page and changes nothing, since mail
 * scanners open links; its Confirm button posts the form to POST, which confirms. As with the unsubscribe link, a
 * browser gets pages and every other client the API's JSON answers.
 */
function confirmationRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    // The page's form posts form-encoded, with no script; this parser lives in this plugin only.
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });

    app.get(
      '/v1/subscribe/confirm',
      {
        schema: {
          tags,
          summary:
            'The confirmation link of a mail: changes nothing; a browser gets the page with its Confirm button, any other client whether the link would confirm',
          querystring: z.object({ token: z.string().max(200).default('') }),
          response: { 200: ZData(ZNewsletterSubscription) },
        },
      },
      async (request, reply) => {
        const { token } = request.query;
        if (!prefersHtml(request.headers.accept)) return { data: await checkNewsletterConfirmation(ctx, token) };
        return sendConfirmationPage(reply, async () => {
          const { email, isSubscribed } = await checkNewsletterConfirmation(ctx, token);
          return isSubscribed ? { state: 'confirmed', email } : { state: 'ready', email, token };
        });
      },
    );

    app.post(
      '/v1/subscribe/confirm',
      {
        schema: {
          tags,
          summary: 'Confirm a newsletter subscription with the token of the confirmation mail’s link (idempotent)',
          body: ZConfirmSubscriptionRequest,
          response: { 200: ZData(ZNewsletterSubscription) },
        },
      },
      async (request, reply) => {
        const { token } = request.body;
        if (!prefersHtml(request.headers.accept)) return { data: await confirmNewsletterSubscription(ctx, token) };
        return sendConfirmationPage(reply, async () => {
          const { email } = await confirmNewsletterSubscription(ctx, token);
          return { state: 'confirmed', email };
        });
      },
    );

    /** The page for an outcome, or for the refusal in words with the refusal's status. */
    async function sendConfirmationPage(
      reply: FastifyReply,
      outcome: () => Promise<TConfirmationPageState>,
    ): Promise<FastifyReply> {
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      try {
        return reply.send(renderConfirmationPage(ctx.config.brandName, await outcome()));
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        const state = error.code === 'NEWSLETTER_CONFIRMATION_EXPIRED' ? 'expired' : 'invalid';
        return reply.status(error.status).send(renderConfirmationPage(ctx.config.brandName, { state }));
      }
    }
  };
}

/** Whether an Accept header asks for a page: browsers' navigations name text/html; API clients name JSON or nothing. */
function prefersHtml(accept: string | undefined): boolean {
  return accept !== undefined && /(^|,)\s*text\/html\s*(;|,|$)/i.test(accept);
}
