import type { Db } from '../../db/client.ts';
import { collectionFactsByIds, type TCollectionFacts } from './collection-summaries.ts';
import { productsByIds, type TProductFacts } from './products-by-ids.ts';

/*
 * Route: none of its own; what other modules ask before they publish or show a product the public reads through them:
 * a drop's contents, an edition pool's product (drops/drop-products.ts), a fusion's result and slots (fusions) · Reads:
 * products, collections, brands (products-by-ids.ts, collection-summaries.ts) · Tests: fusion-publication.test.ts,
 * console-drops.test.ts, grants.test.ts.
 */

/**
 * Products by id, drafts included, with their collections' facts (two queries): what the two rules below read. `lock`
 * as productsByIds takes it, on the products only.
 */
export async function productsWithCollections(
  db: Db,
  ids: readonly string[],
  options: { lock?: boolean } = {},
): Promise<{ products: Map<string, TProductFacts>; collections: Map<string, TCollectionFacts> }> {
  const products = await productsByIds(db, ids, options);
  const collections = await collectionFactsByIds(
    db,
    [...products.values()].flatMap((product) => product.collectionId ?? []),
  );
  return { products, collections };
}

/**
 * Whether the public sees a product read with its collection: the catalogue's rule (catalog-scope.ts,
 * productVisibility) for rows already read, for a module showing it beside its own rows. Published, in a public
 * collection (published, under a published brand) or in none; a product in none is of the brand whose own row is
 * shown (a fusion's), which is hidden as that brand is.
 */
export function isProductPublic(product: TProductFacts, collections: ReadonlyMap<string, TCollectionFacts>): boolean {
  return (
    product.status === 'PUBLISHED' &&
    (product.collectionId === null || collections.get(product.collectionId)?.isPublic === true)
  );
}

/**
 * Why the public would not see a product once its brand is published (the same rule, but for the brand), in the words
 * a console refusal shows under its field; null when it would. For a publication that makes the product's name or
 * editions public (a drop, a fusion, an edition pool): its own brand is the product's, and hides it while unpublished,
 * so a brand prepared ahead may still publish; a draft product, or one in a collection still in draft, is refused.
 */
export function unreleasedProductMessage(
  product: TProductFacts,
  collections: ReadonlyMap<string, TCollectionFacts>,
): string | null {
  if (product.status !== 'PUBLISHED') return `${product.name} is still a draft.`;
  const collection = product.collectionId ? collections.get(product.collectionId) : undefined;
  if (collection && !collection.isPublished) {
    return `${product.name} is in ${collection.name}, a collection still in draft.`;
  }
  return null;
}
