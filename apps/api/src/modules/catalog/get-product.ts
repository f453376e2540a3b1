import { and, asc, eq } from 'drizzle-orm';
import type { TProduct } from '@cypher/contract';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import { isPublic, productVisibility, type CatalogScope } from './catalog-scope.ts';
import { brands, categories, collections, licenses, productTags, products, tags } from './catalog.tables.ts';
import { brandSummaryColumns, collectionSummaryColumns, licenseSummaryColumns, toProduct } from './catalog-views.ts';

/** A product page: the product, its brand, collection, license (hidden from the public while a draft), category and tags. */
export async function getProduct(db: Db, id: string, scope: CatalogScope): Promise<TProduct> {
  const licenseJoin = isPublic(scope)
    ? and(eq(licenses.id, products.licenseId), eq(licenses.status, 'PUBLISHED'))
    : eq(licenses.id, products.licenseId);
  const [row] = await db
    .select({
      product: products,
      brand: brandSummaryColumns,
      collection: collectionSummaryColumns,
      license: licenseSummaryColumns,
      category: categories,
    })
    .from(products)
    .innerJoin(brands, eq(brands.id, products.brandId))
    .leftJoin(collections, eq(collections.id, products.collectionId))
    .leftJoin(licenses, licenseJoin)
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .where(and(eq(products.id, id), productVisibility(scope)));
  if (!row) throw new AppError('NOT_FOUND');

  const tagRows = await db
    .select({ tag: tags })
    .from(productTags)
    .innerJoin(tags, eq(tags.id, productTags.tagId))
    .where(eq(productTags.productId, id))
    .orderBy(asc(tags.name));
  return toProduct(row.product, { ...row, tags: tagRows.map((tagRow) => tagRow.tag) });
}
