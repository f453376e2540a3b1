import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZBrand,
  ZBrandListQuery,
  ZConsoleStatusFilter,
  ZCreateBrandRequest,
  ZData,
  ZPage,
  ZUpdateBrandRequest,
} from '@cypher/contract';
import type { AppContext } from '../../../../app-context.ts';
import { seenVersionOf } from '../../../../http/entry-version.ts';
import { managedBy, operatorOf } from '../../../../http/operator-guard.ts';
import { everythingScope, operatorScope } from '../../catalog-scope.ts';
import { getBrand } from '../../get-brand.ts';
import { listBrands } from '../../list-brands.ts';
import { registerPublicationRoutes } from '../publication/publication.routes.ts';
import { createBrand } from './create-brand.ts';
import { updateBrand } from './update-brand.ts';

const tags = ['console'];
const security = [{ bearer: [] }];
const ZIdParams = z.object({ id: z.uuid() });

export function consoleBrandsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v1/console/brands',
      {
        schema: {
          tags,
          summary: 'Brands this operator manages, drafts included',
          security,
          querystring: ZBrandListQuery.extend(ZConsoleStatusFilter.shape),
          response: { 200: ZData(ZPage(ZBrand)) },
        },
      },
      async (request) => ({
        data: await listBrands(ctx.db, request.query, operatorScope(operatorOf(request), request.query.status)),
      }),
    );

    app.get(
      '/v1/console/brands/:id',
      {
        schema: {
          tags,
          summary: 'A brand, draft or not',
          security,
          params: ZIdParams,
          response: { 200: ZData(ZBrand) },
        },
      },
      async (request) => {
        const brand = await getBrand(ctx.db, request.params.id, everythingScope);
        return { data: managedBy(operatorOf(request), brand, brand.id) };
      },
    );

    app.post(
      '/v1/console/brands',
      {
        schema: {
          tags,
          summary: 'Create a brand as a draft (admin)',
          security,
          body: ZCreateBrandRequest,
          response: { 201: ZData(ZBrand) },
        },
      },
      async (request, reply) =>
        reply.status(201).send({ data: await createBrand(ctx, operatorOf(request), request.body) }),
    );

    app.patch(
      '/v1/console/brands/:id',
      {
        schema: {
          tags,
          summary: 'Change a brand (If-Match: the updatedAt it was opened at, else ENTRY_CHANGED)',
          security,
          params: ZIdParams,
          body: ZUpdateBrandRequest,
          response: { 200: ZData(ZBrand) },
        },
      },
      async (request) => ({
        data: await updateBrand(ctx, operatorOf(request), request.params.id, request.body, seenVersionOf(request)),
      }),
    );

    registerPublicationRoutes(app, ctx, { base: '/v1/console/brands', type: 'brand', view: ZBrand, tags });
  };
}
