import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZWithdrawal, type TCreateWithdrawalRequest, type TWithdrawal } from '@cypher/contract';
import { isApiError } from '../../../api/api-error.ts';
import { apiRequest } from '../../../api/client.ts';
import { queryKeys } from '../../../api/query-keys.ts';

/** `POST /v1/withdrawals` with an `Idempotency-Key`: moves amount + fee from withdrawable to held in review. */
async function createWithdrawal(body: TCreateWithdrawalRequest, idempotencyKey: string): Promise<TWithdrawal> {
  return ZWithdrawal.parse(
    await apiRequest('POST', '/withdrawals', { body, auth: true, headers: { 'Idempotency-Key': idempotencyKey } }),
  );
}

export function useCreateWithdrawal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: TCreateWithdrawalRequest; idempotencyKey: string }) =>
      createWithdrawal(body, idempotencyKey),
    // The balance and the list are read again whatever the outcome: an answer lost on its way back (network, 5xx) may
    // be of a withdrawal that was made, and a refusal such as INSUFFICIENT_FUNDS says the balance shown was old. Shown
    // as it stands, the person sees the request and does not make a second one (and pay a second fee).
    onSettled: async (_withdrawal, error) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.withdrawals.lists() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.balances.all }),
        // Refused for identity: the Withdraw tab reads where the person stands again and shows the verify step.
        isApiError(error) && error.code.startsWith('IDENTITY_VERIFICATION_')
          ? queryClient.invalidateQueries({ queryKey: queryKeys.identityVerifications.all })
          : undefined,
      ]);
    },
  });
}
