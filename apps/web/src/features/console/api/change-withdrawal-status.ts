import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZConsoleWithdrawalDetail, type TConsoleWithdrawalDetail } from '@cypher/contract';
import { apiRequest } from '../../../api/client.ts';
import { queryKeys } from '../../../api/query-keys.ts';

/** The console's moves, by the last part of their address: `POST /v1/console/withdrawals/:id/{move}`. */
export type TWithdrawalMove = 'review' | 'approve' | 'reject' | 'paid' | 'failed';

export type TWithdrawalMoveRequest = { move: TWithdrawalMove; reason?: string };

/** The moves that must say why: the person is told the reason. */
export function isMoveWithReason(move: TWithdrawalMove): boolean {
  return move === 'reject' || move === 'failed';
}

/** Moves a withdrawal one step (admins); reject and failed carry the reason the person is shown. */
export async function changeWithdrawalStatus(
  id: string,
  { move, reason }: TWithdrawalMoveRequest,
): Promise<TConsoleWithdrawalDetail> {
  const answer = await apiRequest('POST', `/console/withdrawals/${encodeURIComponent(id)}/${move}`, {
    auth: true,
    ...(isMoveWithReason(move) ? { body: { reason } } : {}),
  });
  return ZConsoleWithdrawalDetail.parse(answer);
}

export function useChangeWithdrawalStatus(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: TWithdrawalMoveRequest) => changeWithdrawalStatus(id, request),
    onSuccess: (withdrawal) => {
      queryClient.setQueryData(queryKeys.console.detail('withdrawals', id), withdrawal);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.console.resource('withdrawals') }),
        queryClient.invalidateQueries({ queryKey: queryKeys.console.resource('audit-log') }),
      ]);
    },
    // Someone else may have moved it first (409): what is on screen is stale either way.
    onError: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.console.resource('withdrawals') }),
        queryClient.invalidateQueries({ queryKey: queryKeys.console.resource('audit-log') }),
      ]),
  });
}
