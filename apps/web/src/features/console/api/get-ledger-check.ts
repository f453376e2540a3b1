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

/** How long an audit's answer is shown again on coming back to the page, before it is run anew by itself. */
const AUDIT_KEPT_MS = 5 * 60_000;

function ledgerCheckQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.console.detail('ledger', 'check'),
    queryFn: ({ signal }) => getLedgerCheck(signal),
    // It reads every entry of the ledger: run again when asked ("Check again"), not on each visit or window focus.
    staleTime: AUDIT_KEPT_MS,
    refetchOnWindowFocus: false,
  });
}

export function useLedgerCheck() {
  return useQuery(ledgerCheckQueryOptions());
}
