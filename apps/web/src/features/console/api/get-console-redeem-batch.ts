import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZConsoleRedeemBatch, type TConsoleRedeemBatch } from '@cypher/contract';
import { apiRequest } from '../../../api/client.ts';
import { queryKeys } from '../../../api/query-keys.ts';

/** `GET /v1/console/redeem-batches/:id`: a batch with how often its codes were used. */
async function getConsoleRedeemBatch(id: string, signal?: AbortSignal): Promise<TConsoleRedeemBatch> {
  return ZConsoleRedeemBatch.parse(
    await apiRequest('GET', `/console/redeem-batches/${encodeURIComponent(id)}`, { auth: true, signal }),
  );
}

function consoleRedeemBatchQueryOptions(id: string) {
  return queryOptions({
    queryKey: queryKeys.console.detail('redeem-batches', id),
    queryFn: ({ signal }) => getConsoleRedeemBatch(id, signal),
  });
}

/** Read on opening and on coming back to the tab (codes are being redeemed meanwhile; nothing here is typed). */
export function useConsoleRedeemBatch(id: string) {
  return useQuery({ ...consoleRedeemBatchQueryOptions(id), refetchOnWindowFocus: true });
}
