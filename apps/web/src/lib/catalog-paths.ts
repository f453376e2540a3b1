import type { TBrandSummary, TBrandType } from '@cypher/contract';

/**
 * Addresses of the public catalogue's pages, shared by the catalogue and the console's "View on site". Brands live at
 * `/brands/{type}/{id}` (spec section 2) with the type in lower case; ids rather than slugs, because an operator may
 * change a slug and links must keep working.
 */
export function brandPath(brand: Pick<TBrandSummary, 'id' | 'type'>): string {
  return `/brands/${brand.type.toLowerCase()}/${brand.id}`;
}

export function productPath(product: { id: string }): string {
  return `/products/${product.id}`;
}

export function licensePath(license: { id: string }): string {
  return `/licenses/${license.id}`;
}

/** A collection's page: its products as a set (which of them the signed-in collector holds) and its figure bases. */
export function collectionPath(collection: { id: string }): string {
  return `/collections/${collection.id}`;
}

/** A figure base's page: its slots, and what stands in them for the signed-in collector. */
export function figureBasePath(base: { id: string; collection: { id: string } }): string {
  return `/collections/${base.collection.id}/figure_base/${base.id}/editions`;
}

/** "ENTERTAINMENT" -> "Entertainment". */
export function brandTypeLabel(type: TBrandType): string {
  return type.charAt(0) + type.slice(1).toLowerCase();
}
