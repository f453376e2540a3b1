import { useQuery } from '@tanstack/react-query';
import { ZWithdrawalReviewContext, type TWithdrawalReviewContext } from '@cypher/contract';
import { apiRequest } from '../../../api/client.ts';
import { queryKeys } from '../../../api/query-keys.ts';

/** `GET /v1/console/withdrawals/:id/context` (admins): the person behind a request, as a review weighs them. */
async function getWithdrawalReviewContext(id: string, signal?: AbortSignal): Promise<TWithdrawalReviewContext> {
  const path = `/console/withdrawals/${encodeURIComponent(id)}/context`;
  return ZWithdrawalReviewContext.parse(await apiRequest('GET', path, { auth: true, signal }));
}

export function useWithdrawalReviewContext(id: string) {
  return useQuery({
    queryKey: queryKeys.console.withdrawalReviewContext(id),
    queryFn: ({ signal }) => getWithdrawalReviewContext(id, signal),
  });
}
