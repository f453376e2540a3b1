import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { imageVariantWidths } from '@cypher/contract';
import type { AppContext } from '../../app-context.ts';
import { isValidStorageKey } from '../../adapters/storage/storage.ts';
import { AppError } from '../../http/app-error.ts';
import { imageVariant } from './image-variant.ts';

/**
 * Stored files, served from the storage port. Names are random and never reused, so a file can be cached for a
 * year; `nosniff` (from the security headers) keeps browsers to the content type stored with it. `?w=` asks for an
 * image at one of the contract's variant widths (srcset), made once and kept (image-variant.ts).
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
          querystring: z.object({
            w: z.coerce.number().pipe(z.literal(imageVariantWidths)).optional(),
          }),
        },
      },
      async (request, reply) => {
        const { name } = request.params;
        const { w: width } = request.query;
        const file = !isValidStorageKey(name)
          ? null
          : width
            ? await imageVariant(ctx.storage, name, width)
            : await ctx.storage.get(name);
        if (!file) throw new AppError('MEDIA_NOT_FOUND');
        return reply
          .type(file.contentType)
          .header('cache-control', 'public, max-age=31536000, immutable')
          .send(file.bytes);
      },
    );
  };
}
