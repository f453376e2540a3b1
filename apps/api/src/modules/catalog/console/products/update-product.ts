import { eq } from 'drizzle-orm';
import type { TProduct, TUpdateProductRequest } from '@cypher/contract';
import type { AppContext } from '../../../../app-context.ts';
import { inTransaction } from '../../../../db/transaction.ts';
import { AppError } from '../../../../http/app-error.ts';
import { assertCanManageBrand, type Operator } from '../../../../http/operator-guard.ts';
import { everythingScope } from '../../catalog-scope.ts';
import { productTags, products } from '../../catalog.tables.ts';
import { getProduct } from '../../get-product.ts';
import { recordAudit } from '../../../console/audit/record-audit.ts';
import {
  assertCategoryExists,
  assertCollectionOfBrand,
  assertLicenseOfBrand,
  assertTagsExist,
} from '../related-items.ts';
import { conflictOf } from '../unique-conflicts.ts';
import { productConstraints } from './create-product.ts';

/**
 * Changes what is given; `tagIds` replaces the whole set. A new image without a new thumbnail serves as its own
 * thumbnail, so the card never keeps showing the old artwork.
 */
export async function updateProduct(
  ctx: AppContext,
  operator: Operator,
  id: string,
  input: TUpdateProductRequest,
): Promise<TProduct> {
  const now = ctx.clock.now();
  const { tagIds, imageThumbnailUrl, ...fields } = input;
  return inTransaction(ctx.db, async (tx) => {
    const [row] = await tx
      .select({ brandId: products.brandId, imageUrl: products.imageUrl })
      .from(products)
      .where(eq(products.id, id))
      .for('update');
    if (!row) throw new AppError('NOT_FOUND');
    assertCanManageBrand(operator, row.brandId);
    if (input.collectionId) await assertCollectionOfBrand(tx, input.collectionId, row.brandId);
    if (input.licenseId) await assertLicenseOfBrand(tx, input.licenseId, row.brandId);
    if (input.categoryId) await assertCategoryExists(tx, input.categoryId);
    if (tagIds) await assertTagsExist(tx, tagIds);

    const before = await getProduct(tx, id, everythingScope);
    const isImageChanging = fields.imageUrl !== undefined || imageThumbnailUrl !== undefined;
    const thumbnail = isImageChanging
      ? { imageThumbnailUrl: imageThumbnailUrl ?? fields.imageUrl ?? row.imageUrl }
      : {};
    try {
      await tx
        .update(products)
        .set({ ...fields, ...thumbnail, updatedAt: now })
        .where(eq(products.id, id));
    } catch (error) {
      throw conflictOf(error, productConstraints);
    }
    if (tagIds) {
      await tx.delete(productTags).where(eq(productTags.productId, id));
      if (tagIds.length > 0) await tx.insert(productTags).values(tagIds.map((tagId) => ({ productId: id, tagId })));
    }
    const after = await getProduct(tx, id, everythingScope);
    await recordAudit(tx, {
      actorUserId: operator.userId,
      action: 'update',
      entityType: 'product',
      entityId: id,
      before,
      after,
      at: now,
    });
    return after;
  });
}
