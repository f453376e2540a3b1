import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { APP_VERSION, ZData, ZHealth } from '@cypher/contract';
import type { AppDeps } from '../../app.ts';
import { AppError } from '../../http/app-error.ts';

export function healthRoutes({ database }: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v1/health',
      { schema: { tags: ['health'], summary: 'Liveness and database check', response: { 200: ZData(ZHealth) } } },
      async () => {
        try {
          await database.db.execute(sql`select 1`);
        } catch (error) {
          throw new AppError('SERVICE_UNAVAILABLE', { cause: error });
        }
        return { data: { status: 'ok' as const, version: APP_VERSION, database: database.kind } };
      },
    );
  };
}
