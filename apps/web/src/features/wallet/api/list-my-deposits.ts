import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZDeposit, ZPage, type TDeposit, type TPage } from '@cypher/contract';
import { apiRequest } from '../../../api/client.ts';
import { queryKeys } from '../../../api/query-keys.ts';
import type { QueryParams } from '../../../api/query-string.ts';

/** `GET /v1/deposits`: a page of my deposits, newest first, filtered as `query` says. */
async function listMyDeposits(query: QueryParams, signal?: AbortSignal): Promise<TPage<TDeposit>> {
  return ZPage(ZDeposit).parse(await apiRequest('GET', '/deposits', { auth: true, signal, query }));
}

function useMyDeposits(query: QueryParams) {
  return useQuery(
    queryOptions({
      queryKey: queryKeys.deposits.list(query),
      queryFn: ({ signal }) => listMyDeposits(query, signal),
    }),
  );
}

const openQuery = { isOpen: 'true', size: 50 } as const;

/**
 * `isOpen=true`: the payments I started that the provider may still pay (an open checkout, a charge not answered
 * yet). They hold back an account's deletion until they end, so the payment page lists them.
 */
export const useOpenDeposits = () => useMyDeposits(openQuery);

/** How many of the payments that did not go through the History tab shows: the latest ones. */
export const UNPAID_DEPOSITS_SHOWN = 5;
const unpaidQuery = { isUnpaid: 'true', size: UNPAID_DEPOSITS_SHOWN } as const;

/**
 * `isUnpaid=true`: the payments I started that ended without being paid (declined, or a checkout left to expire).
 * They never touch the balance, so the balance history cannot show them; the History tab lists the latest beside it.
 */
export const useUnpaidDeposits = () => useMyDeposits(unpaidQuery);
