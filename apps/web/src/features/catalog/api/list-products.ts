import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import type { TPage, TProductListItem, TRarity, productSorts } from '@cypher/contract';
import { queryKeys } from '../../../api/query-keys.ts';
import { getCatalog, withoutEmpty } from './catalog-request.ts';

export type TProductSort = (typeof productSorts)[number];

export type TProductListParams = {
  page?: number;
  size?: number;
  brandId?: string;
  collectionId?: string;
  licenseId?: string;
  categoryId?: string;
  tagId?: string;
  rarity?: TRarity;
  q?: string;
  sort?: TProductSort;
};

/** `GET /v1/products`: products whose product, brand and collection are all published. */
function listProducts(params: TProductListParams, signal?: AbortSignal): Promise<TPage<TProductListItem>> {
  return getCatalog('/products', params, signal);
}

/** One page of products, for lists with numbered pages (the filters and the page live in the address). */
function productsQueryOptions(params: TProductListParams) {
  const query = withoutEmpty(params);
  return queryOptions({
    queryKey: queryKeys.products.list(query),
    queryFn: ({ signal }) => listProducts(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useProducts(params: TProductListParams, options: { isEnabled?: boolean } = {}) {
  return useQuery({ ...productsQueryOptions(params), enabled: options.isEnabled ?? true });
}

/** Products a page at a time with "Show more", for the shelves on brand and license pages. */
function productShelfQueryOptions(params: Omit<TProductListParams, 'page'>) {
  const query = withoutEmpty(params);
  return infiniteQueryOptions({
    queryKey: queryKeys.products.infiniteList(query),
    queryFn: ({ signal, pageParam }) => listProducts({ ...query, page: pageParam }, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.size < last.total ? last.page + 1 : undefined),
  });
}

export function useProductShelf(params: Omit<TProductListParams, 'page'>) {
  return useInfiniteQuery(productShelfQueryOptions(params));
}
