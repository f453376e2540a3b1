import type { TCollection, TCreateCollectionRequest } from '@cypher/contract';
import type { AppContext } from '../../../../app-context.ts';
import { inTransaction } from '../../../../db/transaction.ts';
import { assertCanManageBrand, type Operator } from '../../../../http/operator-guard.ts';
import { newId } from '../../../../lib/ids.ts';
import { everythingScope } from '../../catalog-scope.ts';
import { collections } from '../../catalog.tables.ts';
import { getCollection } from '../../get-collection.ts';
import { recordAudit } from '../../../console/audit/record-audit.ts';
import { assertBrandExists, assertLicenseOfBrand } from '../related-items.ts';
import { conflictOf } from '../unique-conflicts.ts';

export const collectionConstraints = { name: 'collections_brand_name_lower_key' };

export async function createCollection(
  ctx: AppContext,
  operator: Operator,
  input: TCreateCollectionRequest,
): Promise<TCollection> {
  assertCanManageBrand(operator, input.brandId);
  const now = ctx.clock.now();
  const id = newId();
  return inTransaction(ctx.db, async (tx) => {
    await assertBrandExists(tx, input.brandId);
    if (input.licenseId) await assertLicenseOfBrand(tx, input.licenseId, input.brandId);
    try {
      await tx.insert(collections).values({ id, ...input, status: 'DRAFT', createdAt: now, updatedAt: now });
    } catch (error) {
      throw conflictOf(error, collectionConstraints);
    }
    const after = await getCollection(tx, id, everythingScope);
    await recordAudit(tx, {
      actorUserId: operator.userId,
      action: 'create',
      entityType: 'collection',
      entityId: id,
      before: null,
      after,
      at: now,
    });
    return after;
  });
}
