import { productSorts, rarities, type TRarity } from '@cypher/contract';
import { idOrUndefined } from '../../lib/address-id.ts';
import { oneOf, searchTextOf } from '../../lib/use-url-filters.ts';
import type { TProductListParams, TProductSort } from './api/list-products.ts';

/**
 * The products page's filters as they live in the address: short names (`?brand=…&rarity=rare&sort=name`), the
 * rarity in lower case. A value that is not a valid choice is ignored rather than sent to the API.
 */
export interface TProductFilterValues {
  brand?: string;
  collection?: string;
  category?: string;
  tag?: string;
  rarity?: TRarity;
  q?: string;
  sort: TProductSort;
}

const DEFAULT_PRODUCT_SORT: TProductSort = '-createdAt';

export const productSortLabels: Record<TProductSort, string> = {
  '-createdAt': 'Newest first',
  createdAt: 'Oldest first',
  name: 'Name, A to Z',
  '-name': 'Name, Z to A',
  '-rarity': 'Rarest first',
  rarity: 'Most common first',
};

export function readProductFilters(get: (key: string) => string | undefined): TProductFilterValues {
  return {
    brand: idOrUndefined(get('brand')),
    collection: idOrUndefined(get('collection')),
    category: idOrUndefined(get('category')),
    tag: idOrUndefined(get('tag')),
    rarity: oneOf(get('rarity')?.toUpperCase(), rarities),
    q: searchTextOf(get('q')) || undefined,
    sort: oneOf(get('sort'), productSorts) ?? DEFAULT_PRODUCT_SORT,
  };
}

export function toProductQuery(filters: TProductFilterValues, page: number, size: number): TProductListParams {
  return {
    brandId: filters.brand,
    collectionId: filters.collection,
    categoryId: filters.category,
    tagId: filters.tag,
    rarity: filters.rarity,
    q: filters.q,
    sort: filters.sort,
    page,
    size,
  };
}

export function hasProductFilters(filters: TProductFilterValues): boolean {
  return Boolean(filters.brand || filters.collection || filters.category || filters.tag || filters.rarity || filters.q);
}
