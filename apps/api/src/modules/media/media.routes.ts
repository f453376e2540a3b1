import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { isValidStorageKey } from '../../adapters/storage/storage.ts';
import { AppError } from '../../http/app-error.ts';

/**
 * Stored files, served from the storage port. Names are random and never reused, so a file can be cached for a
 * year; `nosniff` (from the security headers) keeps browsers to the content type stored with it.
 */
export function mediaRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/uploads/:name',
      {
        schema: {
          tags: ['media'],
          summary: 'An uploaded or generated image',
          params: z.object({ name: z.string().max(200) }),
        },
      },
      async (request, reply) => {
        const file = isValidStorageKey(request.params.name) ? await ctx.storage.get(request.params.name) : null;
        if (!file) throw new AppError('MEDIA_NOT_FOUND');
        return reply
          .type(file.contentType)
          .header('cache-control', 'public, max-age=31536000, immutable')
          .send(file.bytes);
      },
    );
  };
}
