import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZWithdrawalFees, type TWithdrawalFees } from '@cypher/contract';
import { apiRequest } from '../../../api/client.ts';
import { queryKeys } from '../../../api/query-keys.ts';

/** `GET /v1/withdrawals/fees`: the fee per method, shown with the total before submitting. */
async function getWithdrawalFees(signal?: AbortSignal): Promise<TWithdrawalFees> {
  return ZWithdrawalFees.parse(await apiRequest('GET', '/withdrawals/fees', { auth: true, signal }));
}

export function useWithdrawalFees() {
  return useQuery(
    queryOptions({
      queryKey: queryKeys.withdrawals.fees(),
      queryFn: ({ signal }) => getWithdrawalFees(signal),
      staleTime: 10 * 60_000,
    }),
  );
}
