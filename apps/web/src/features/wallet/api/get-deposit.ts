import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZDeposit, type TDeposit, type TDepositStatus } from '@cypher/contract';
import { apiRequest } from '../../../api/client.ts';
import { queryKeys } from '../../../api/query-keys.ts';

export const finalDepositStatuses: readonly TDepositStatus[] = ['succeeded', 'failed', 'expired'];
const DEPOSIT_POLL_INTERVAL_MS = 2_000;
/** After this long the page stops asking and says the confirmation may take a while. */
export const DEPOSIT_POLL_GIVE_UP_MS = 60_000;

/** `GET /v1/deposits/:id`: one of my deposits, polled on the return page until the provider has decided. */
async function getDeposit(id: string, signal?: AbortSignal): Promise<TDeposit> {
  return ZDeposit.parse(await apiRequest('GET', `/deposits/${encodeURIComponent(id)}`, { auth: true, signal }));
}

function depositQueryOptions(id: string) {
  return queryOptions({ queryKey: queryKeys.deposits.detail(id), queryFn: ({ signal }) => getDeposit(id, signal) });
}

/** Polls while the provider has not settled the deposit, and stops at a final state or once `startedAt` is a minute old. */
export function useDepositOutcome(id: string, startedAt: number) {
  return useQuery({
    ...depositQueryOptions(id),
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      // A first read that failed is not asked again by itself; a later one keeps the last answer and asks on.
      if (query.state.status === 'error' && query.state.data === undefined) return false;
      if (status && finalDepositStatuses.includes(status)) return false;
      return Date.now() - startedAt >= DEPOSIT_POLL_GIVE_UP_MS ? false : DEPOSIT_POLL_INTERVAL_MS;
    },
  });
}
