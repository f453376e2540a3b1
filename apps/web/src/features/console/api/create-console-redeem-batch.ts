import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZConsoleRedeemBatch, type TConsoleRedeemBatch, type TRedeemBatchRequest } from '@cypher/contract';
import { apiRequest } from '../../../api/client.ts';
import { queryKeys } from '../../../api/query-keys.ts';

/** `POST /v1/console/redeem-batches`: up to 100,000 codes, made at once; exported as CSV afterwards. */
async function createConsoleRedeemBatch(body: TRedeemBatchRequest): Promise<TConsoleRedeemBatch> {
  return ZConsoleRedeemBatch.parse(await apiRequest('POST', '/console/redeem-batches', { body, auth: true }));
}

export function useCreateConsoleRedeemBatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createConsoleRedeemBatch,
    onSuccess: (batch) => {
      queryClient.setQueryData(queryKeys.console.detail('redeem-batches', batch.id), batch);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.console.list('redeem-batches'), exact: false }),
        queryClient.invalidateQueries({ queryKey: queryKeys.console.resource('audit-log') }),
      ]);
    },
  });
}
