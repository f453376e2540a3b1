import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZConsoleRedeemBatch, type TConsoleRedeemBatch } from '@cypher/contract';
import { apiRequest } from '../../../api/client.ts';
import { queryKeys } from '../../../api/query-keys.ts';

/**
 * `POST /v1/console/redeem-batches/:id/revoke`: none of the batch's codes grants anything from now on. Answers the
 * batch with its revokedAt; REDEEM_BATCH_ALREADY_REVOKED when someone revoked it first.
 */
async function revokeConsoleRedeemBatch(id: string): Promise<TConsoleRedeemBatch> {
  return ZConsoleRedeemBatch.parse(
    await apiRequest('POST', `/console/redeem-batches/${encodeURIComponent(id)}/revoke`, { auth: true }),
  );
}

export function useRevokeConsoleRedeemBatch(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => revokeConsoleRedeemBatch(id),
    onSuccess: (batch) => {
      queryClient.setQueryData(queryKeys.console.detail('redeem-batches', batch.id), batch);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.console.list('redeem-batches'), exact: false }),
        queryClient.invalidateQueries({ queryKey: queryKeys.console.resource('audit-log') }),
      ]);
    },
    // Revoked by someone else meanwhile: the page then shows it revoked, with when.
    onError: () => queryClient.invalidateQueries({ queryKey: queryKeys.console.detail('redeem-batches', id) }),
  });
}
