import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { robotsTxt } from './robots.ts';
import { sitemapXml } from './sitemap.ts';

/**
 * What crawlers ask a site for: `/robots.txt` and `/sitemap.xml` (the public pages: brands, drops, products), both at
 * PUBLIC_URL. Answered whether or not the web app is built; crawlers may keep them for an hour.
 */
export function siteRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const robots = robotsTxt(ctx.config.publicUrl);
    app.get('/robots.txt', { schema: { hide: true } }, (_request, reply) =>
      reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(robots),
    );
    app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) => {
      const xml = await sitemapXml(ctx.db, ctx.clock.now(), ctx.config.publicUrl);
      return reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600').send(xml);
    });
  };
}
