import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZData, ZIdentityVerification, ZMyIdentityVerification } from '@cypher/contract';
import type { AppContext } from '../../app-context.ts';
import { principalOf } from '../../http/auth-guard.ts';
import { getMyIdentityVerification } from './get-my-identity-verification.ts';
import { startIdentityVerification } from './start-identity-verification.ts';

const tags = ['identity'];

export function identityRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/v1/identity-verifications',
      {
        onRequest: ctx.guard.requireVerified,
        schema: {
          tags,
          summary: 'Start verifying my identity, or get the attempt already open (one pending at a time)',
          response: { 200: ZData(ZIdentityVerification), 201: ZData(ZIdentityVerification) },
        },
      },
      async (request, reply) => {
        const { verification, isNew } = await startIdentityVerification(
          { db: ctx.db, clock: ctx.clock, identity: ctx.identity, publicUrl: ctx.config.publicUrl },
          principalOf(request).userId,
        );
        return reply.status(isNew ? 201 : 200).send({ data: verification });
      },
    );

    app.get(
      '/v1/identity-verifications/my',
      {
        onRequest: ctx.guard.requireAuth,
        schema: {
          tags,
          summary: 'Where my identity verification stands: none, pending, verified or failed (with the reason)',
          response: { 200: ZData(ZMyIdentityVerification) },
        },
      },
      async (request) => ({ data: await getMyIdentityVerification(ctx.db, principalOf(request).userId) }),
    );
  };
}
