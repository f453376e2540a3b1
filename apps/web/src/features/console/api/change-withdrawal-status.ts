import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  withdrawalMoves,
  ZConsoleWithdrawalDetail,
  type TConsoleWithdrawalDetail,
  type TWithdrawalMove,
} from '@cypher/contract';
import { apiRequest } from '../../../api/client.ts';
import { queryKeys } from '../../../api/query-keys.ts';

/**
 * A move by the last part of its address, `POST /v1/console/withdrawals/:id/{move}` (the contract's table), with the
 * words it asks for (`asks`): the reason for reject and failed, the payout's reference for paid.
 */
export type TWithdrawalMoveRequest = { move: TWithdrawalMove; words?: string };

/** Moves a withdrawal one step (admins); reject and failed carry the reason the person is shown, paid its reference. */
async function changeWithdrawalStatus(
  id: string,
  { move, words }: TWithdrawalMoveRequest,
): Promise<TConsoleWithdrawalDetail> {
  const { asks } = withdrawalMoves[move];
  const answer = await apiRequest('POST', `/console/withdrawals/${encodeURIComponent(id)}/${move}`, {
    auth: true,
    ...(asks ? { body: { [asks]: words } } : {}),
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
        // A rejection, a payout and a failed payout each post a movement.
        queryClient.invalidateQueries({ queryKey: queryKeys.console.resource('ledger') }),
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
