import { asc, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { collections as collectionsTable, products as productsTable } from './catalog.tables.ts';
import { collectionFactsByIds, type TCollectionFacts } from './collection-summaries.ts';
import { productsByIds, type TProductFacts } from './products-by-ids.ts';

/*
 * Route: none of its own; what other modules ask before they publish or show a product the public reads through them:
 * a drop's contents, an edition pool's product (drops/drop-products.ts), a fusion's result and slots (fusions) · Reads:
 * products, collections, brands (products-by-ids.ts, collection-summaries.ts) · Tests: fusion-publication.test.ts,
 * console-drops.test.ts, grants.test.ts, console/publication/unpublish-in-live-use.test.ts (and its races file).
 */

/**
 * Products by id, drafts included, with their collections' facts (two queries): what the two rules below read. `lock`
 * as productsByIds takes it on the products, and their collections are held as holdPublished holds them: what a
 * publication checks here stays published until it commits.
 */
export async function productsWithCollections(
  db: Db,
  ids: readonly string[],
  options: { lock?: boolean } = {},
): Promise<{ products: Map<string, TProductFacts>; collections: Map<string, TCollectionFacts> }> {
  const products = await productsByIds(db, ids, options);
  const collectionIds = [...products.values()].flatMap((product) => product.collectionId ?? []);
  if (options.lock) await holdPublished(db, 'collections', collectionIds);
  const collections = await collectionFactsByIds(db, collectionIds);
  return { products, collections };
}

/**
 * Holds products or collections a publication names (a drop's, a fusion's, an edition pool's) FOR KEY SHARE, in id
 * order, until it commits, before they are read: an unpublish (console/publication/change-publication.ts) locks its row
 * FOR UPDATE and then refuses while a live drop or fusion uses it, so it waits for such a publication and sees it
 * there, and a publication that waited for an unpublish reads the row as it left it (each statement sees what committed
 * before it). KEY SHARE conflicts with FOR UPDATE alone: publications of the same rows, purchases' foreign key checks
 * and the NO KEY UPDATE lock a publication takes on the products it numbers (productsByIds) never wait for it.
 */
export async function holdPublished(db: Db, kind: 'products' | 'collections', ids: readonly string[]): Promise<void> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return;
  const table = kind === 'products' ? productsTable : collectionsTable;
  await db
    .select({ id: table.id })
    .from(table)
    .where(inArray(table.id, unique))
    .orderBy(asc(table.id))
    .for('key share');
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
