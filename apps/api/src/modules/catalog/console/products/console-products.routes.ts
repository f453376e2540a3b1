import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZConsoleProductListItem,
  ZConsoleProductListQuery,
  ZCreateProductRequest,
  ZData,
  ZPage,
  ZProduct,
  ZProductArtworks,
  ZSetProductArtworksRequest,
  ZUpdateProductRequest,
} from '@cypher/contract';
import type { AppContext } from '../../../../app-context.ts';
import { seenVersionOf } from '../../../../http/entry-version.ts';
import { managedBy, operatorOf } from '../../../../http/operator-guard.ts';
import { everythingScope, operatorScope } from '../../catalog-scope.ts';
import { getProduct } from '../../get-product.ts';
import { registerPublicationRoutes } from '../publication/publication.routes.ts';
import { createProduct } from './create-product.ts';
import { getProductArtworks } from './get-product-artworks.ts';
import { listConsoleProducts } from './list-console-products.ts';
import { setProductArtworks } from './set-product-artworks.ts';
import { updateProduct } from './update-product.ts';

const tags = ['console'];
const security = [{ bearer: [] }];
const ZIdParams = z.object({ id: z.uuid() });

export function consoleProductsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v1/console/products',
      {
        schema: {
          tags,
          summary: "Products of this operator's brands, drafts included, with the editions a new drop may still hold",
          security,
          querystring: ZConsoleProductListQuery,
          response: { 200: ZData(ZPage(ZConsoleProductListItem)) },
        },
      },
      async (request) => ({
        data: await listConsoleProducts(
          ctx.db,
          request.query,
          operatorScope(operatorOf(request), request.query.status),
        ),
      }),
    );

    app.get(
      '/v1/console/products/:id',
      {
        schema: {
          tags,
          summary: 'A product, draft or not',
          security,
          params: ZIdParams,
          response: { 200: ZData(ZProduct) },
        },
      },
      async (request) => {
        const product = await getProduct(ctx.db, request.params.id, everythingScope);
        return { data: managedBy(operatorOf(request), product, product.brand.id) };
      },
    );

    app.post(
      '/v1/console/products',
      {
        schema: {
          tags,
          summary: 'Create a product as a draft (rarity, images, properties, tags)',
          security,
          body: ZCreateProductRequest,
          response: { 201: ZData(ZProduct) },
        },
      },
      async (request, reply) =>
        reply.status(201).send({ data: await createProduct(ctx, operatorOf(request), request.body) }),
    );

    app.patch(
      '/v1/console/products/:id',
      {
        schema: {
          tags,
          summary: 'Change a product (If-Match: the updatedAt it was opened at, else ENTRY_CHANGED)',
          security,
          params: ZIdParams,
          body: ZUpdateProductRequest,
          response: { 200: ZData(ZProduct) },
        },
      },
      async (request) => ({
        data: await updateProduct(ctx, operatorOf(request), request.params.id, request.body, seenVersionOf(request)),
      }),
    );

    app.get(
      '/v1/console/products/:id/artworks',
      {
        schema: {
          tags,
          summary: "A product's generative artwork, one image per edition in serial order (decision record 58)",
          security,
          params: ZIdParams,
          response: { 200: ZData(ZProductArtworks) },
        },
      },
      async (request) => ({ data: await getProductArtworks(ctx.db, operatorOf(request), request.params.id) }),
    );

    app.put(
      '/v1/console/products/:id/artworks',
      {
        schema: {
          tags,
          summary: "Replace a product's generative artwork while none of its editions exists (decision record 58)",
          security,
          params: ZIdParams,
          body: ZSetProductArtworksRequest,
          response: { 200: ZData(ZProductArtworks) },
        },
      },
      async (request) => ({
        data: await setProductArtworks(ctx, operatorOf(request), request.params.id, request.body),
      }),
    );

    registerPublicationRoutes(app, ctx, { base: '/v1/console/products', type: 'product', view: ZProduct, tags });
  };
}
