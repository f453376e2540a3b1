import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  ZCollection,
  ZPage,
  ZProductListItem,
  type TCollection,
  type TPage,
  type TProductListItem,
} from '@cypher/contract';
import { apiRequest } from '../../../api/client.ts';
import { queryKeys } from '../../../api/query-keys.ts';

/** The most products one collection page shows: a set to complete, not a catalogue to browse. */
const COLLECTION_SET_SIZE = 100;

/** `GET /v1/collections/{id}`: the collection as the catalogue publishes it (name, brand, description). */
async function getCollection(id: string, signal?: AbortSignal): Promise<TCollection> {
  return ZCollection.parse(await apiRequest('GET', `/collections/${encodeURIComponent(id)}`, { signal }));
}

/** `GET /v1/products?collectionId=`: the collection's published products, rarest first: the set to complete. */
async function listCollectionProducts(id: string, signal?: AbortSignal): Promise<TPage<TProductListItem>> {
  return ZPage(ZProductListItem).parse(
    await apiRequest('GET', '/products', {
      query: { collectionId: id, size: COLLECTION_SET_SIZE, sort: '-rarity' },
      signal,
    }),
  );
}

export function useCollection(id: string) {
  return useQuery(
    queryOptions({ queryKey: queryKeys.collections.detail(id), queryFn: ({ signal }) => getCollection(id, signal) }),
  );
}

export function useCollectionProducts(id: string) {
  return useQuery(
    queryOptions({
      queryKey: queryKeys.products.list({ collectionId: id, size: COLLECTION_SET_SIZE, sort: '-rarity' }),
      queryFn: ({ signal }) => listCollectionProducts(id, signal),
    }),
  );
}
