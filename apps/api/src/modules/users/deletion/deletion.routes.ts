import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZAccountDeletionRequested, ZData, ZMyUser } from '@cypher/contract';
import type { AppContext } from '../../../app-context.ts';
import { principalOf } from '../../../http/auth-guard.ts';
import { requestAccountDeletion } from './request-account-deletion.ts';
import { revokeAccountDeletion } from './revoke-account-deletion.ts';

const tags = ['users'];
const security = [{ bearer: [] }];

/** /account/delete and the deletion-in-progress screen. */
export function deletionRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const { requireAuth } = ctx.guard;
  return async (app) => {
    app.post(
      '/v1/users/delete-request',
      {
        onRequest: requireAuth,
        schema: {
          tags,
          summary: 'Request account deletion (after check-password; balance, packs and NFTs must be empty)',
          security,
          response: { 202: ZData(ZAccountDeletionRequested) },
        },
      },
      async (request, reply) =>
        reply.status(202).send({ data: await requestAccountDeletion(ctx, principalOf(request)) }),
    );

    app.post(
      '/v1/users/delete-revoke',
      {
        onRequest: requireAuth,
        schema: { tags, summary: 'Cancel a pending account deletion', security, response: { 200: ZData(ZMyUser) } },
      },
      async (request) => ({ data: await revokeAccountDeletion(ctx, principalOf(request)) }),
    );
  };
}
