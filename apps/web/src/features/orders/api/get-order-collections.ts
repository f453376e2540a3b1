import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZOrderCollections, type TOrderCollections } from '@cypher/contract';
import { apiRequest } from '../../../api/client.ts';
import { queryKeys } from '../../../api/query-keys.ts';

/** `GET /v1/orders/{id}/collections`: what an order delivered (its packs, opened or not). */
async function getOrderCollections(id: string, signal?: AbortSignal): Promise<TOrderCollections> {
  return ZOrderCollections.parse(
    await apiRequest('GET', `/orders/${encodeURIComponent(id)}/collections`, { auth: true, signal }),
  );
}

function orderCollectionsQueryOptions(id: string) {
  return queryOptions({
    queryKey: queryKeys.orders.collections(id),
    queryFn: ({ signal }) => getOrderCollections(id, signal),
  });
}

export function useOrderCollections(id: string, { isEnabled = true }: { isEnabled?: boolean } = {}) {
  return useQuery({ ...orderCollectionsQueryOptions(id), enabled: isEnabled });
}
