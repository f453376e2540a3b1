import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZData, ZLedgerCheck } from '@cypher/contract';
import type { AppContext } from '../../app-context.ts';
import { adminOnly } from '../../http/operator-guard.ts';
import { checkLedger } from './check-ledger.ts';

/** Registered inside consoleRoutes, so requireOperator has already run; the ledger's audit is for admins only. */
export function consoleLedgerRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v1/console/ledger',
      {
        onRequest: adminOnly,
        schema: {
          tags: ['console'],
          summary: "The ledger's audit: house accounts summed over their buckets, and every invariant checked (admin)",
          security: [{ bearer: [] }],
          response: { 200: ZData(ZLedgerCheck) },
        },
      },
      async () => ({ data: await checkLedger(ctx.db, ctx.clock.now()) }),
    );
  };
}
