import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZLedgerCheck, type TLedgerCheck } from '@cypher/contract';
import { apiRequest } from '../../../api/client.ts';
import { queryKeys } from '../../../api/query-keys.ts';

/**
 * `GET /v1/console/ledger` (admins): the ledger's audit, run when asked (it reads every entry), with the house
 * accounts summed over their buckets.
 */
async function getLedgerCheck(signal?: AbortSignal): Promise<TLedgerCheck> {
  return ZLedgerCheck.parse(await apiRequest('GET', '/console/ledger', { auth: true, signal }));
}

function ledgerCheckQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.console.detail('ledger', 'check'),
    queryFn: ({ signal }) => getLedgerCheck(signal),
  });
}

export function useLedgerCheck() {
  return useQuery(ledgerCheckQueryOptions());
}
