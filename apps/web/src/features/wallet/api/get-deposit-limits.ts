import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZDepositLimits, type TDepositLimits } from '@cypher/contract';
import { apiRequest } from '../../../api/client.ts';
import { queryKeys } from '../../../api/query-keys.ts';

/** `GET /v1/deposits/limits`: the smallest and largest deposit the API takes (its configured bandwidth). */
async function getDepositLimits(signal?: AbortSignal): Promise<TDepositLimits> {
  return ZDepositLimits.parse(await apiRequest('GET', '/deposits/limits', { signal }));
}

export function useDepositLimits() {
  return useQuery(
    queryOptions({
      queryKey: queryKeys.deposits.limits(),
      queryFn: ({ signal }) => getDepositLimits(signal),
      staleTime: 60 * 60_000,
    }),
  );
}
