import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { TPage, TProductListItem, TProductListQuery } from '@cypher/contract';
import type { Db } from '../../db/client.ts';
import { containsText } from '../../db/search.ts';
import { pageWindow, toPage } from '../../http/pagination.ts';
import { productVisibility, type CatalogScope } from './catalog-scope.ts';
import { productTags, products } from './catalog.tables.ts';
import { countProductRows, selectProductRows, toProductListItemFromRow } from './product-query.ts';

/** Every order ends on the id, so pages never repeat or skip products that tie on the sort key. */
const productOrder = {
  '-createdAt': [desc(products.createdAt), desc(products.id)],
  createdAt: [asc(products.createdAt), asc(products.id)],
  name: [asc(products.name), asc(products.id)],
  '-name': [desc(products.name), desc(products.id)],
  rarity: [asc(products.rarityRank), desc(products.createdAt), desc(products.id)],
  '-rarity': [desc(products.rarityRank), desc(products.createdAt), desc(products.id)],
} as const;

export async function listProducts(
  db: Db,
  query: TProductListQuery & { ids?: readonly string[] },
  scope: CatalogScope,
): Promise<TPage<TProductListItem>> {
  const where = and(
    productVisibility(scope),
    query.brandId ? eq(products.brandId, query.brandId) : undefined,
    query.collectionId ? eq(products.collectionId, query.collectionId) : undefined,
    query.licenseId ? eq(products.licenseId, query.licenseId) : undefined,
    query.categoryId ? eq(products.categoryId, query.categoryId) : undefined,
    query.rarity ? eq(products.rarity, query.rarity) : undefined,
    query.tagId
      ? inArray(
          products.id,
          db.select({ id: productTags.productId }).from(productTags).where(eq(productTags.tagId, query.tagId)),
        )
      : undefined,
    query.q ? containsText(products.name, query.q) : undefined,
    // The console asks for the products a form names by id (list-console-products.ts).
    query.ids ? inArray(products.id, [...query.ids]) : undefined,
  );
  const { limit, offset } = pageWindow(query);
  const rows = await selectProductRows(db)
    .where(where)
    .orderBy(...productOrder[query.sort])
    .limit(limit)
    .offset(offset);
  const [counted] = await countProductRows(db).where(where);
  return toPage(rows.map(toProductListItemFromRow), query, counted?.total ?? 0);
}
