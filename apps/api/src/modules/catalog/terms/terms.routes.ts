import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZData, ZTermsDocument } from '@cypher/contract';
import type { AppContext } from '../../../app-context.ts';
import { getTerms } from './get-terms.ts';

/** Registered inside the public catalogue, so answers carry its ETag and Cache-Control. */
export function termsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v1/terms/:type',
      {
        schema: {
          tags: ['catalog'],
          summary: 'A legal document (tos, privacy, cookie, marketing): the newest version in effect',
          params: z.object({ type: z.string().max(40) }),
          response: { 200: ZData(ZTermsDocument) },
        },
      },
      async (request) => ({
        data: await getTerms(ctx.db, request.params.type, ctx.clock.now(), ctx.config.brandName),
      }),
    );
  };
}
