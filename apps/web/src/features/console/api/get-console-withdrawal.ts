import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZConsoleWithdrawalDetail, type TConsoleWithdrawalDetail } from '@cypher/contract';
import { apiRequest } from '../../../api/client.ts';
import { queryKeys } from '../../../api/query-keys.ts';

/** `GET /v1/console/withdrawals/:id` (admins): one withdrawal with its payout details and history. */
async function getConsoleWithdrawal(id: string, signal?: AbortSignal): Promise<TConsoleWithdrawalDetail> {
  const answer = await apiRequest('GET', `/console/withdrawals/${encodeURIComponent(id)}`, { auth: true, signal });
  return ZConsoleWithdrawalDetail.parse(answer);
}

function consoleWithdrawalQueryOptions(id: string) {
  return queryOptions({
    queryKey: queryKeys.console.detail('withdrawals', id),
    queryFn: ({ signal }) => getConsoleWithdrawal(id, signal),
  });
}

export function useConsoleWithdrawal(id: string) {
  return useQuery(consoleWithdrawalQueryOptions(id));
}
