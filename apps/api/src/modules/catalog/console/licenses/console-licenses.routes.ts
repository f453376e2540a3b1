import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZConsoleStatusFilter,
  ZCreateLicenseRequest,
  ZData,
  ZLicense,
  ZLicenseListQuery,
  ZPage,
  ZUpdateLicenseRequest,
} from '@cypher/contract';
import type { AppContext } from '../../../../app-context.ts';
import { seenVersionOf } from '../../../../http/entry-version.ts';
import { managedBy, operatorOf } from '../../../../http/operator-guard.ts';
import { everythingScope, operatorScope } from '../../catalog-scope.ts';
import { getLicense } from '../../get-license.ts';
import { listLicenses } from '../../list-licenses.ts';
import { registerPublicationRoutes } from '../publication/publication.routes.ts';
import { createLicense } from './create-license.ts';
import { updateLicense } from './update-license.ts';

const tags = ['console'];
const security = [{ bearer: [] }];
const ZIdParams = z.object({ id: z.uuid() });

export function consoleLicensesRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v1/console/licenses',
      {
        schema: {
          tags,
          summary: "Licenses of this operator's brands, drafts included",
          security,
          querystring: ZLicenseListQuery.extend(ZConsoleStatusFilter.shape),
          response: { 200: ZData(ZPage(ZLicense)) },
        },
      },
      async (request) => ({
        data: await listLicenses(ctx.db, request.query, operatorScope(operatorOf(request), request.query.status)),
      }),
    );

    app.get(
      '/v1/console/licenses/:id',
      {
        schema: {
          tags,
          summary: 'A license, draft or not',
          security,
          params: ZIdParams,
          response: { 200: ZData(ZLicense) },
        },
      },
      async (request) => {
        const license = await getLicense(ctx.db, request.params.id, everythingScope);
        return { data: managedBy(operatorOf(request), license, license.brand.id) };
      },
    );

    app.post(
      '/v1/console/licenses',
      {
        schema: {
          tags,
          summary: 'Create a license as a draft',
          security,
          body: ZCreateLicenseRequest,
          response: { 201: ZData(ZLicense) },
        },
      },
      async (request, reply) =>
        reply.status(201).send({ data: await createLicense(ctx, operatorOf(request), request.body) }),
    );

    app.patch(
      '/v1/console/licenses/:id',
      {
        schema: {
          tags,
          summary: 'Change a license (If-Match: the updatedAt it was opened at, else ENTRY_CHANGED)',
          security,
          params: ZIdParams,
          body: ZUpdateLicenseRequest,
          response: { 200: ZData(ZLicense) },
        },
      },
      async (request) => ({
        data: await updateLicense(ctx, operatorOf(request), request.params.id, request.body, seenVersionOf(request)),
      }),
    );

    registerPublicationRoutes(app, ctx, { base: '/v1/console/licenses', type: 'license', view: ZLicense, tags });
  };
}
