import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZCollection,
  ZCollectionListQuery,
  ZConsoleStatusFilter,
  ZCreateCollectionRequest,
  ZData,
  ZPage,
  ZUpdateCollectionRequest,
} from '@cypher/contract';
import type { AppContext } from '../../../../app-context.ts';
import { seenVersionOf } from '../../../../http/entry-version.ts';
import { managedBy, operatorOf } from '../../../../http/operator-guard.ts';
import { everythingScope, operatorScope } from '../../catalog-scope.ts';
import { getCollection } from '../../get-collection.ts';
import { listCollections } from '../../list-collections.ts';
import { registerPublicationRoutes } from '../publication/publication.routes.ts';
import { createCollection } from './create-collection.ts';
import { updateCollection } from './update-collection.ts';

const tags = ['console'];
const security = [{ bearer: [] }];
const ZIdParams = z.object({ id: z.uuid() });

export function consoleCollectionsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v1/console/collections',
      {
        schema: {
          tags,
          summary: "Collections of this operator's brands, drafts included",
          security,
          querystring: ZCollectionListQuery.extend(ZConsoleStatusFilter.shape),
          response: { 200: ZData(ZPage(ZCollection)) },
        },
      },
      async (request) => ({
        data: await listCollections(ctx.db, request.query, operatorScope(operatorOf(request), request.query.status)),
      }),
    );

    app.get(
      '/v1/console/collections/:id',
      {
        schema: {
          tags,
          summary: 'A collection, draft or not',
          security,
          params: ZIdParams,
          response: { 200: ZData(ZCollection) },
        },
      },
      async (request) => {
        const collection = await getCollection(ctx.db, request.params.id, everythingScope);
        return { data: managedBy(operatorOf(request), collection, collection.brand.id) };
      },
    );

    app.post(
      '/v1/console/collections',
      {
        schema: {
          tags,
          summary: 'Create a collection as a draft',
          security,
          body: ZCreateCollectionRequest,
          response: { 201: ZData(ZCollection) },
        },
      },
      async (request, reply) =>
        reply.status(201).send({ data: await createCollection(ctx, operatorOf(request), request.body) }),
    );

    app.patch(
      '/v1/console/collections/:id',
      {
        schema: {
          tags,
          summary: 'Change a collection (If-Match: the updatedAt it was opened at, else ENTRY_CHANGED)',
          security,
          params: ZIdParams,
          body: ZUpdateCollectionRequest,
          response: { 200: ZData(ZCollection) },
        },
      },
      async (request) => ({
        data: await updateCollection(ctx, operatorOf(request), request.params.id, request.body, seenVersionOf(request)),
      }),
    );

    registerPublicationRoutes(app, ctx, {
      base: '/v1/console/collections',
      type: 'collection',
      view: ZCollection,
      tags,
    });
  };
}
