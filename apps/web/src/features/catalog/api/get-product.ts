import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TProduct } from '@cypher/contract';
import { queryKeys } from '../../../api/query-keys.ts';
import { getCatalog } from './catalog-request.ts';

/** `GET /v1/products/:id`: a product with its brand, collection, license, category, tags and properties. */
function getProduct(id: string, signal?: AbortSignal): Promise<TProduct> {
  return getCatalog(`/products/${encodeURIComponent(id)}`, undefined, signal);
}

function productQueryOptions(id: string) {
  return queryOptions({ queryKey: queryKeys.products.detail(id), queryFn: ({ signal }) => getProduct(id, signal) });
}

export function useProduct(id: string) {
  return useQuery(productQueryOptions(id));
}
