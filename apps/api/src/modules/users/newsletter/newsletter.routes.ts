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
import { checkUnsubscribeLink, unsubscribeNewsletter } from './unsubscribe-newsletter.ts';
import { renderUnsubscribePage, type TUnsubscribePageState } from './unsubscribe-page.ts';

const tags = ['users'];

/** What a mail app's own Unsubscribe button posts to a List-Unsubscribe address (RFC 8058); the token is in its query. */
const ZOneClickUnsubscribe = z.strictObject({ 'List-Unsubscribe': z.literal('One-Click') });

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

    await app.register(mailLinkRoutes(ctx));
  };
}

/**
 * The links of newsletter mails: the confirmation (double opt-in, decision record 46) and the unsubscribe link. Each
 * GET shows a page and changes nothing, since mail scanners open links before people do; the page's button posts a
 * form to the same address, which acts. A browser (it asks for HTML) gets pages, every other client the API's JSON.
 */
function mailLinkRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    // The pages' forms post form-encoded, with no script, as mail apps' one-click unsubscribe does; this parser lives
    // in this plugin only.
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });

    app.get(
      '/v1/subscribe/confirm',
      {
        // A browser's visit gets the link's page (sendLinkPage).
        config: { answersPages: true },
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
        // A browser's visit gets the link's page (sendLinkPage).
        config: { answersPages: true },
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

    app.get(
      '/v1/subscribe/unsubscribe',
      {
        // A browser's visit gets the link's page (sendLinkPage).
        config: { answersPages: true },
        schema: {
          tags,
          summary:
            'The unsubscribe link of a mail: changes nothing; a browser gets the page with its Unsubscribe button, any other client whether the address still gets the newsletter',
          querystring: z.object({ token: z.string().max(200).default('') }),
          response: { 200: ZData(ZNewsletterSubscription) },
        },
      },
      async (request, reply) => {
        const { token } = request.query;
        if (!prefersHtml(request.headers.accept)) {
          const { email, status } = await checkUnsubscribeLink(ctx, token);
          return { data: { email, isSubscribed: status === 'SUBSCRIBED' } };
        }
        return sendUnsubscribePage(reply, async () => {
          const { email, status } = await checkUnsubscribeLink(ctx, token);
          if (status === 'UNSUBSCRIBED') return { state: 'unsubscribed', email };
          return { state: 'ready', email, token, isPending: status === 'PENDING' };
        });
      },
    );

    app.post(
      '/v1/subscribe/unsubscribe',
      {
        // A browser's visit gets the link's page (sendLinkPage).
        config: { answersPages: true },
        schema: {
          tags,
          summary:
            'Unsubscribe with the token of a newsletter mail’s link (idempotent); a mail app’s one-click unsubscribe (RFC 8058) posts List-Unsubscribe=One-Click to the link itself',
          // A mail app's one-click post may come as multipart/form-data (RFC 8058 prefers it), which leaves no parsed
          // body here: the token in the link's own query is what it unsubscribes.
          body: z.union([ZUnsubscribeRequest, ZOneClickUnsubscribe]).nullish(),
          querystring: z.object({ token: z.string().max(200).optional() }),
          response: { 200: ZData(ZNewsletterSubscription) },
        },
      },
      async (request, reply) => {
        const { body } = request;
        const token = body && 'token' in body ? body.token : (request.query.token ?? '');
        if (!prefersHtml(request.headers.accept)) return { data: await unsubscribeNewsletter(ctx, token) };
        return sendUnsubscribePage(reply, async () => {
          const { email } = await unsubscribeNewsletter(ctx, token);
          return { state: 'unsubscribed', email };
        });
      },
    );

    /**
     * A mail link's page for an outcome, or, when the outcome is refused, the page `refused` names, with the
     * refusal's status. Never cached: each page tells the link's state now.
     */
    async function sendLinkPage<TState>(
      reply: FastifyReply,
      render: (brandName: string, state: TState) => string,
      outcome: () => Promise<TState>,
      refused: (error: AppError) => TState,
    ): Promise<FastifyReply> {
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      try {
        return reply.send(render(ctx.config.brandName, await outcome()));
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        return reply.status(error.status).send(render(ctx.config.brandName, refused(error)));
      }
    }
    const sendUnsubscribePage = (reply: FastifyReply, outcome: () => Promise<TUnsubscribePageState>) =>
      sendLinkPage<TUnsubscribePageState>(reply, renderUnsubscribePage, outcome, () => ({ state: 'invalid' }));
    const sendConfirmationPage = (reply: FastifyReply, outcome: () => Promise<TConfirmationPageState>) =>
      sendLinkPage<TConfirmationPageState>(reply, renderConfirmationPage, outcome, (error) => ({
        state: error.code === 'NEWSLETTER_CONFIRMATION_EXPIRED' ? 'expired' : 'invalid',
      }));
  };
}

/** Whether an Accept header asks for a page: browsers' navigations name text/html; API clients name JSON or nothing. */
function prefersHtml(accept: string | undefined): boolean {
  return accept !== undefined && /(^|,)\s*text\/html\s*(;|,|$)/i.test(accept);
}
