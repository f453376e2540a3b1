import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZBanner,
  ZBannerListQuery,
  ZConsoleStatusFilter,
  ZCreateBannerRequest,
  ZData,
  ZPage,
  ZUpdateBannerRequest,
} from '@cypher/contract';
import type { AppContext } from '../../../../app-context.ts';
import { seenVersionOf } from '../../../../http/entry-version.ts';
import { adminOnly, operatorOf } from '../../../../http/operator-guard.ts';
import { getBanner } from '../../get-banner.ts';
import { listBanners } from '../../list-banners.ts';
import { registerPublicationRoutes } from '../publication/publication.routes.ts';
import { createBanner } from './create-banner.ts';
import { updateBanner } from './update-banner.ts';

const tags = ['console'];
const security = [{ bearer: [] }];
const ZIdParams = z.object({ id: z.uuid() });

/** Banners are admin-only, reads included: brand managers have no part in the home page's front window. */
export function consoleBannersRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', adminOnly);

    app.get(
      '/v1/console/banners',
      {
        schema: {
          tags,
          summary: 'Every banner of a placement: drafts, scheduled and expired ones too',
          security,
          querystring: ZBannerListQuery.extend(ZConsoleStatusFilter.shape),
          response: { 200: ZData(ZPage(ZBanner)) },
        },
      },
      async (request) => ({ data: await listBanners(ctx.db, request.query, { status: request.query.status }) }),
    );
    app.get(
      '/v1/console/banners/:id',
      { schema: { tags, summary: 'A banner', security, params: ZIdParams, response: { 200: ZData(ZBanner) } } },
      async (request) => ({ data: await getBanner(ctx.db, request.params.id) }),
    );
    app.post(
      '/v1/console/banners',
      {
        schema: {
          tags,
          summary: 'Create a banner as a draft',
          security,
          body: ZCreateBannerRequest,
          response: { 201: ZData(ZBanner) },
        },
      },
      async (request, reply) =>
        reply.status(201).send({ data: await createBanner(ctx, operatorOf(request), request.body) }),
    );
    app.patch(
      '/v1/console/banners/:id',
      {
        schema: {
          tags,
          summary: 'Change a banner (If-Match: the updatedAt it was opened at, else ENTRY_CHANGED)',
          security,
          params: ZIdParams,
          body: ZUpdateBannerRequest,
          response: { 200: ZData(ZBanner) },
        },
      },
      async (request) => ({
        data: await updateBanner(ctx, operatorOf(request), request.params.id, request.body, seenVersionOf(request)),
      }),
    );

    registerPublicationRoutes(app, ctx, { base: '/v1/console/banners', type: 'banner', view: ZBanner, tags });
  };
}
