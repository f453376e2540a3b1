import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  ZConsoleLedgerJournalPage,
  type TConsoleLedgerJournalPage,
  type TCurrency,
  type TLedgerTransactionKind,
} from '@cypher/contract';
import { apiRequest } from '../../../api/client.ts';
import { queryKeys } from '../../../api/query-keys.ts';

export type TLedgerTransactionsParams = {
  /** From an answer's nextCursor (older movements) or previousCursor (newer ones); none for the newest page. */
  cursor?: string;
  size?: number;
  kind?: TLedgerTransactionKind;
  currency?: TCurrency;
  /** The person's address, in any case. */
  email?: string;
};

/**
 * `GET /v1/console/ledger/transactions` (admins): the journal, newest first, each movement with all its lines, a page
 * at a time by cursor.
 */
async function listLedgerTransactions(
  params: TLedgerTransactionsParams,
  signal?: AbortSignal,
): Promise<TConsoleLedgerJournalPage> {
  const answer = await apiRequest('GET', '/console/ledger/transactions', { query: params, auth: true, signal });
  return ZConsoleLedgerJournalPage.parse(answer);
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
