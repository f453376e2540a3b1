import type { TCreateProductRequest, TProduct } from '@cypher/contract';
import type { AppContext } from '../../../../app-context.ts';
import { inTransaction } from '../../../../db/transaction.ts';
import { assertCanManageBrand, type Operator } from '../../../../http/operator-guard.ts';
import { newId } from '../../../../lib/ids.ts';
import { everythingScope } from '../../catalog-scope.ts';
import { productTags, products } from '../../catalog.tables.ts';
import { getProduct } from '../../get-product.ts';
import { recordAudit } from '../../../console/audit/record-audit.ts';
import {
  assertBrandExists,
  assertCategoryExists,
  assertCollectionOfBrand,
  assertLicenseOfBrand,
  assertTagsExist,
} from '../related-items.ts';
import { conflictOf } from '../unique-conflicts.ts';

export const productConstraints = { name: 'products_brand_name_lower_key' };

/** A new product is a draft of one brand; its collection and license must be that brand's too. */
export async function createProduct(
  ctx: AppContext,
  operator: Operator,
  input: TCreateProductRequest,
): Promise<TProduct> {
  assertCanManageBrand(operator, input.brandId);
  const now = ctx.clock.now();
  const id = newId();
  const { tagIds, ...fields } = input;
  return inTransaction(ctx.db, async (tx) => {
    await assertBrandExists(tx, input.brandId);
    const collection = input.collectionId ? await assertCollectionOfBrand(tx, input.collectionId, input.brandId) : null;
    if (input.licenseId) await assertLicenseOfBrand(tx, input.licenseId, input.brandId);
    if (input.categoryId) await assertCategoryExists(tx, input.categoryId);
    await assertTagsExist(tx, tagIds);
    try {
      await tx.insert(products).values({
        ...fields,
        id,
        licenseId: input.licenseId ?? collection?.licenseId ?? null,
        imageThumbnailUrl: input.imageThumbnailUrl ?? input.imageUrl,
        status: 'DRAFT',
        createdAt: now,
        updatedAt: now,
      });
    } catch (error) {
      throw conflictOf(error, productConstraints);
    }
    if (tagIds.length > 0) await tx.insert(productTags).values(tagIds.map((tagId) => ({ productId: id, tagId })));
    const after = await getProduct(tx, id, everythingScope);
    await recordAudit(tx, {
      actorUserId: operator.userId,
      action: 'create',
      entityType: 'product',
      entityId: id,
      before: null,
      after,
      at: now,
    });
    return after;
  });
}
