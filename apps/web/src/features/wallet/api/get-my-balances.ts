import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZMyBalances, type TMyBalances } from '@cypher/contract';
import { apiRequest } from '../../../api/client.ts';
import { queryKeys } from '../../../api/query-keys.ts';

/** `GET /v1/balances/my`: USD and CYP, each split into withdrawable, not withdrawable and held in review. */
export async function getMyBalances(signal?: AbortSignal): Promise<TMyBalances> {
  return ZMyBalances.parse(await apiRequest('GET', '/balances/my', { auth: true, signal }));
}

export function myBalancesQueryOptions() {
  return queryOptions({ queryKey: queryKeys.balances.my(), queryFn: ({ signal }) => getMyBalances(signal) });
}

export function useMyBalances() {
  return useQuery(myBalancesQueryOptions());
}
