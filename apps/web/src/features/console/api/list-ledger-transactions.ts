import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  ZConsoleLedgerTransaction,
  ZPage,
  type TConsoleLedgerTransaction,
  type TCurrency,
  type TLedgerTransactionKind,
  type TPage,
} from '@cypher/contract';
import { apiRequest } from '../../../api/client.ts';
import { queryKeys } from '../../../api/query-keys.ts';

export type TLedgerTransactionsParams = {
  page?: number;
  size?: number;
  kind?: TLedgerTransactionKind;
  currency?: TCurrency;
  /** The person's address, in any case. */
  email?: string;
};

/** `GET /v1/console/ledger/transactions` (admins): the journal, newest first, each movement with all its lines. */
async function listLedgerTransactions(
  params: TLedgerTransactionsParams,
  signal?: AbortSignal,
): Promise<TPage<TConsoleLedgerTransaction>> {
  const answer = await apiRequest('GET', '/console/ledger/transactions', { query: params, auth: true, signal });
  return ZPage(ZConsoleLedgerTransaction).parse(answer);
}

function ledgerTransactionsQueryOptions(params: TLedgerTransactionsParams) {
  const query = Object.fromEntries(Object.entries(params).filter(([, value]) => value !== undefined && value !== ''));
  return queryOptions({
    queryKey: queryKeys.console.list('ledger', query),
    queryFn: ({ signal }) => listLedgerTransactions(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useLedgerTransactions(params: TLedgerTransactionsParams) {
  return useQuery(ledgerTransactionsQueryOptions(params));
}
