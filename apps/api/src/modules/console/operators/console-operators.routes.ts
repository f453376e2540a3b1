import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZData, ZGrantOperatorRoleRequest, ZOperatorGrant, ZPage, ZPageQuery } from '@cypher/contract';
import type { AppContext } from '../../../app-context.ts';
import { adminOnly, operatorOf } from '../../../http/operator-guard.ts';
import { grantOperatorRole } from './grant-operator-role.ts';
import { pageOperatorGrants } from './list-operator-grants.ts';
import { revokeOperatorRole } from './revoke-operator-role.ts';

const tags = ['console'];
const security = [{ bearer: [] }];

/** Admins assign brand managers (and other admins) here; the first admin comes from `npm run console -- grant`. */
export function consoleOperatorsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', adminOnly);

    app.get(
      '/v1/console/operators',
      {
        schema: {
          tags,
          summary: 'Operator grants by person, role and brand (admin)',
          security,
          querystring: ZPageQuery,
          response: { 200: ZData(ZPage(ZOperatorGrant)) },
        },
      },
      async (request) => ({ data: await pageOperatorGrants(ctx.db, request.query) }),
    );
    app.post(
      '/v1/console/operators',
      {
        schema: {
          tags,
          summary: 'Grant a role to an existing account (admin)',
          security,
          body: ZGrantOperatorRoleRequest,
          response: { 201: ZData(ZOperatorGrant) },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send({ data: await grantOperatorRole(ctx.db, ctx.clock.now(), request.body, operatorOf(request).userId) }),
    );
    app.delete(
      '/v1/console/operators/:id',
      { schema: { tags, summary: 'Revoke a grant (admin)', security, params: z.object({ id: z.uuid() }) } },
      async (request, reply) => {
        await revokeOperatorRole(ctx.db, ctx.clock.now(), request.params.id, operatorOf(request).userId);
        return reply.status(204).send();
      },
    );
  };
}
