import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { robotsTxt } from './robots.ts';
import { sitemapXml } from './sitemap.ts';
import { webManifest } from './web-manifest.ts';

/**
 * What crawlers ask a site for: `/robots.txt` and `/sitemap.xml` (the public pages: brands, drops, products), both at
 * PUBLIC_URL; and what a phone asks for to add it to a home screen, `/manifest.webmanifest`. Answered whether or not
 * the web app is built; kept for an hour.
 */
export function siteRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const robots = robotsTxt(ctx.config.publicUrl);
    app.get('/robots.txt', { schema: { hide: true } }, (_request, reply) =>
      reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(robots),
    );
    const manifest = webManifest(ctx.config.brandName);
    app.get('/manifest.webmanifest', { schema: { hide: true } }, (_request, reply) =>
      reply
        .type('application/manifest+json; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .send(manifest),
    );
    app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) => {
      const xml = await sitemapXml(ctx.db, ctx.clock.now(), ctx.config.publicUrl);
      return reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600').send(xml);
    });
  };
}
