import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ZConsoleRedeemBatch, ZPage, type TConsoleRedeemBatch, type TPage } from '@cypher/contract';
import { apiRequest } from '../../../api/client.ts';
import { queryKeys } from '../../../api/query-keys.ts';

type TRedeemBatchesParams = { page?: number; size?: number };

/** `GET /v1/console/redeem-batches?page&size`: batches granting the operator's brands' things (all for admins). */
async function listConsoleRedeemBatches(
  params: TRedeemBatchesParams,
  signal?: AbortSignal,
): Promise<TPage<TConsoleRedeemBatch>> {
  const answer = await apiRequest('GET', '/console/redeem-batches', { query: params, auth: true, signal });
  return ZPage(ZConsoleRedeemBatch).parse(answer);
}

function consoleRedeemBatchesQueryOptions(params: TRedeemBatchesParams) {
  return queryOptions({
    queryKey: queryKeys.console.list('redeem-batches', params),
    queryFn: ({ signal }) => listConsoleRedeemBatches(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useConsoleRedeemBatches(params: TRedeemBatchesParams) {
  return useQuery(consoleRedeemBatchesQueryOptions(params));
}
