import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZData } from '@cypher/contract';
import type { AppContext } from '../../../../app-context.ts';
import { operatorOf } from '../../../../http/operator-guard.ts';
import { changePublication, type TPublishableType } from './change-publication.ts';

/** `POST {base}/:id/publish` and `POST {base}/:id/unpublish` for one kind of entry; both answer the entry. */
export function registerPublicationRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  options: { base: string; type: TPublishableType; view: z.ZodType; tags: string[] },
) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  for (const [action, status] of [
    ['publish', 'PUBLISHED'],
    ['unpublish', 'DRAFT'],
  ] as const) {
    typed.post(
      `${options.base}/:id/${action}`,
      {
        schema: {
          tags: options.tags,
          summary: `${action === 'publish' ? 'Publish' : 'Unpublish (back to draft)'} a ${options.type}`,
          security: [{ bearer: [] }],
          params: z.object({ id: z.uuid() }),
          response: { 200: ZData(options.view) },
        },
      },
      async (request) => ({
        data: await changePublication(ctx, operatorOf(request), options.type, request.params.id, status),
      }),
    );
  }
}
