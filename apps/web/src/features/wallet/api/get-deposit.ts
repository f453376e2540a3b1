import { queryOptions, useQuery } from '@tanstack/react-query';
import { depositStatuses, ZDepositMethod, ZMoney, type TDepositStatus } from '@cypher/contract';
import { z } from 'zod';
import { apiRequest } from '../../../api/client.ts';
import { queryKeys } from '../../../api/query-keys.ts';

/**
 * What the web reads of `GET /v1/deposits/:id`. The endpoint is being added in the API alongside this page, so only
 * the fields the outcome needs are read, and extra fields are let through.
 */
export const ZDepositOutcome = z.object({
  id: z.string().optional(),
  status: z.enum(depositStatuses),
  amount: ZMoney.optional(),
  method: ZDepositMethod.optional(),
  failureReason: z.string().nullable().optional(),
});
export type TDepositOutcome = z.infer<typeof ZDepositOutcome>;

export const finalDepositStatuses: readonly TDepositStatus[] = ['succeeded', 'failed', 'expired'];
export const DEPOSIT_POLL_INTERVAL_MS = 2_000;
/** After this long the page stops asking and says the confirmation may take a while. */
export const DEPOSIT_POLL_GIVE_UP_MS = 60_000;

export async function getDeposit(id: string, signal?: AbortSignal): Promise<TDepositOutcome> {
  return ZDepositOutcome.parse(await apiRequest('GET', `/deposits/${encodeURIComponent(id)}`, { auth: true, signal }));
}

export function depositQueryOptions(id: string) {
  return queryOptions({ queryKey: queryKeys.deposits.detail(id), queryFn: ({ signal }) => getDeposit(id, signal) });
}

/** Polls while the provider has not settled the deposit, and stops at a final state or once `startedAt` is a minute old. */
export function useDepositOutcome(id: string, startedAt: number) {
  return useQuery({
    ...depositQueryOptions(id),
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      if (query.state.status === 'error') return false;
      if (status && finalDepositStatuses.includes(status)) return false;
      return Date.now() - startedAt >= DEPOSIT_POLL_GIVE_UP_MS ? false : DEPOSIT_POLL_INTERVAL_MS;
    },
  });
}
