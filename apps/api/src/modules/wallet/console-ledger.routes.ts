import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZConsoleLedgerJournalPage, ZConsoleLedgerTransactionsQuery, ZData, ZLedgerCheck } from '@cypher/contract';
import type { AppContext } from '../../app-context.ts';
import { adminOnly } from '../../http/operator-guard.ts';
import { checkLedger } from './check-ledger.ts';
import { listLedgerTransactions } from './list-ledger-transactions.ts';

const tags = ['console'];
const security = [{ bearer: [] }];

/** Registered inside consoleRoutes, so requireOperator has already run; the ledger is for admins only. */
export function consoleLedgerRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', adminOnly);

    app.get(
      '/v1/console/ledger',
      {
        schema: {
          tags,
          summary: "The ledger's audit: house accounts summed over their buckets, and every invariant checked (admin)",
          security,
          response: { 200: ZData(ZLedgerCheck) },
        },
      },
      async () => ({ data: await checkLedger(ctx.db, ctx.clock.now()) }),
    );

    app.get(
      '/v1/console/ledger/transactions',
      {
        schema: {
          tags,
          summary:
            'The journal: ledger transactions with their entries, newest first, by kind, currency or person, a page at a time by cursor (admin)',
          security,
          querystring: ZConsoleLedgerTransactionsQuery,
          response: { 200: ZData(ZConsoleLedgerJournalPage) },
        },
      },
      async (request) => ({ data: await listLedgerTransactions(ctx.db, request.query) }),
    );
  };
}
