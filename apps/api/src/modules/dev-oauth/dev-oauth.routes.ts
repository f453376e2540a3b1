import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZOAuthProvider } from '@cypher/contract';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../http/app-error.ts';
import { renderAuthorizeError, renderAuthorizePage } from './authorize-page.ts';
import { standInProvider } from './stand-in-provider.ts';

const ZParams = z.object({ provider: ZOAuthProvider });
const schema = { hide: true, params: ZParams };

/**
 * The local stand-in for Google and Discord (ARCHITECTURE section 3): registered only outside production, and each
 * provider only while it has no client id. Answers OAuth's own shapes (`{ error }`), not the API envelope, because
 * its client is the OAuth library, exactly as with the real provider.
 */
export function devOAuthRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const provider = standInProvider(ctx.config, ctx.clock);
  return async (app) => {
    // Token requests are form-encoded (RFC 6749 4.1.3); this parser lives in this plugin only.
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });
    app.addHook('preHandler', async (request) => {
      const { provider: name } = request.params as z.infer<typeof ZParams>;
      if (!provider.isStoodIn(name)) throw new AppError('NOT_FOUND');
    });

    app.get('/dev/oauth/:provider/authorize', { schema }, async (request, reply) => {
      const { provider: name } = request.params;
      const checked = provider.checkAuthorizeRequest(name, request.query);
      reply.type('text/html; charset=utf-8');
      if (typeof checked === 'string') return reply.status(400).send(renderAuthorizeError(name, checked));
      return reply.send(renderAuthorizePage(name, checked, provider.identities(name)));
    });

    app.get('/dev/oauth/:provider/approve', { schema }, async (request, reply) => {
      const { provider: name } = request.params;
      const checked = provider.checkAuthorizeRequest(name, request.query);
      const identity =
        typeof checked === 'string' ? undefined : provider.identities(name).find(({ id }) => id === checked.identity);
      if (typeof checked === 'string' || !identity) {
        const message = typeof checked === 'string' ? checked : 'Unknown test identity.';
        return reply.status(400).type('text/html; charset=utf-8').send(renderAuthorizeError(name, message));
      }
      return reply.redirect(provider.approve(name, checked, identity), 302);
    });

    app.post('/dev/oauth/:provider/token', { schema, config: { hasUndeclaredBody: true } }, async (request, reply) => {
      const answer = provider.token(request.params.provider, request.headers.authorization, request.body);
      return reply.status(answer.status).header('cache-control', 'no-store').send(answer.body);
    });

    app.get('/dev/oauth/:provider/userinfo', { schema }, async (request, reply) => {
      const answer = provider.userinfo(request.params.provider, request.headers.authorization);
      return reply.status(answer.status).send(answer.body);
    });
  };
}
