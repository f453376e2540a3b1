import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TMyBalances } from '@cypher/contract';
import { appConfig } from '../config.ts';
import { apiRequest } from './client.ts';
import { queryKeys } from './query-keys.ts';

/** `GET /v1/balances/my`: USD and CYP, each split into withdrawable, not withdrawable and held in review. */
async function getMyBalances(signal?: AbortSignal): Promise<TMyBalances> {
  return apiRequest<TMyBalances>('GET', '/balances/my', { auth: true, signal });
}

function myBalancesQueryOptions() {
  return queryOptions({ queryKey: queryKeys.balances.my(), queryFn: ({ signal }) => getMyBalances(signal) });
}

/** Off for visitors (a page that shows CYP prices to everyone asks only when someone is signed in). */
export function useMyBalances({ isEnabled = true }: { isEnabled?: boolean } = {}) {
  return useQuery({ ...myBalancesQueryOptions(), enabled: isEnabled });
}

/**
 * CYP's decimals (the server's CYP_MINOR_UNITS) for showing amounts: the balances' answer once it is in, and the same
 * setting from the app's configuration until then, so a list that answers before the balances does not show CYP
 * amounts at two decimals where the unit has none.
 */
export function useCypMinorUnits(): number {
  return useMyBalances().data?.cypUnit.minorUnits ?? appConfig.cypMinorUnits;
}
