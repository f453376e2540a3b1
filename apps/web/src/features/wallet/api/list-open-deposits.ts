import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZDeposit, ZPage, type TDeposit, type TPage } from '@cypher/contract';
import { apiRequest } from '../../../api/client.ts';
import { queryKeys } from '../../../api/query-keys.ts';

const openQuery = { isOpen: 'true', size: 50 } as const;

/**
 * `GET /v1/deposits?isOpen=true`: the payments I started that the provider may still pay (an open checkout, a charge
 * not answered yet). They hold back an account's deletion until they end, so the payment page lists them.
 */
async function listOpenDeposits(signal?: AbortSignal): Promise<TPage<TDeposit>> {
  return ZPage(ZDeposit).parse(await apiRequest('GET', '/deposits', { auth: true, signal, query: openQuery }));
}

export function useOpenDeposits() {
  return useQuery(
    queryOptions({
      queryKey: queryKeys.deposits.list(openQuery),
      queryFn: ({ signal }) => listOpenDeposits(signal),
    }),
  );
}
