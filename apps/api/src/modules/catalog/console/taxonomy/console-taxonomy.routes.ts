import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZCategory,
  ZCategoryListQuery,
  ZCreateCategoryRequest,
  ZCreateTagRequest,
  ZData,
  ZPage,
  ZTag,
  ZTagListQuery,
  ZUpdateCategoryRequest,
  ZUpdateTagRequest,
} from '@cypher/contract';
import type { AppContext } from '../../../../app-context.ts';
import { seenVersionOf } from '../../../../http/entry-version.ts';
import { operatorOf } from '../../../../http/operator-guard.ts';
import { getCategory } from '../../get-category.ts';
import { getTag } from '../../get-tag.ts';
import { listCategories } from '../../list-categories.ts';
import { listTags } from '../../list-tags.ts';
import { createCategory } from './create-category.ts';
import { createTag } from './create-tag.ts';
import { updateCategory } from './update-category.ts';
import { updateTag } from './update-tag.ts';

const tags = ['console'];
const security = [{ bearer: [] }];
const ZIdParams = z.object({ id: z.uuid() });

/** Every operator reads categories and tags (a product form picks from them); only admins change them. */
export function consoleTaxonomyRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v1/console/categories',
      {
        schema: {
          tags,
          summary: 'Categories',
          security,
          querystring: ZCategoryListQuery,
          response: { 200: ZData(ZPage(ZCategory)) },
        },
      },
      async (request) => ({ data: await listCategories(ctx.db, request.query) }),
    );
    app.get(
      '/v1/console/categories/:id',
      {
        schema: { tags, summary: 'A category', security, params: ZIdParams, response: { 200: ZData(ZCategory) } },
      },
      async (request) => ({ data: await getCategory(ctx.db, request.params.id) }),
    );
    app.post(
      '/v1/console/categories',
      {
        schema: {
          tags,
          summary: 'Create a category (admin)',
          security,
          body: ZCreateCategoryRequest,
          response: { 201: ZData(ZCategory) },
        },
      },
      async (request, reply) =>
        reply.status(201).send({ data: await createCategory(ctx, operatorOf(request), request.body) }),
    );
    app.patch(
      '/v1/console/categories/:id',
      {
        schema: {
          tags,
          summary: 'Change a category (admin; If-Match: the updatedAt it was opened at, else ENTRY_CHANGED)',
          security,
          params: ZIdParams,
          body: ZUpdateCategoryRequest,
          response: { 200: ZData(ZCategory) },
        },
      },
      async (request) => ({
        data: await updateCategory(ctx, operatorOf(request), request.params.id, request.body, seenVersionOf(request)),
      }),
    );

    app.get(
      '/v1/console/tags',
      {
        schema: { tags, summary: 'Tags', security, querystring: ZTagListQuery, response: { 200: ZData(ZPage(ZTag)) } },
      },
      async (request) => ({ data: await listTags(ctx.db, request.query) }),
    );
    app.get(
      '/v1/console/tags/:id',
      { schema: { tags, summary: 'A tag', security, params: ZIdParams, response: { 200: ZData(ZTag) } } },
      async (request) => ({ data: await getTag(ctx.db, request.params.id) }),
    );
    app.post(
      '/v1/console/tags',
      {
        schema: {
          tags,
          summary: 'Create a tag (admin)',
          security,
          body: ZCreateTagRequest,
          response: { 201: ZData(ZTag) },
        },
      },
      async (request, reply) =>
        reply.status(201).send({ data: await createTag(ctx, operatorOf(request), request.body) }),
    );
    app.patch(
      '/v1/console/tags/:id',
      {
        schema: {
          tags,
          summary: 'Change a tag (admin; If-Match: the updatedAt it was opened at, else ENTRY_CHANGED)',
          security,
          params: ZIdParams,
          body: ZUpdateTagRequest,
          response: { 200: ZData(ZTag) },
        },
      },
      async (request) => ({
        data: await updateTag(ctx, operatorOf(request), request.params.id, request.body, seenVersionOf(request)),
      }),
    );
  };
}
