import { eq } from 'drizzle-orm';
import type { TCollection, TUpdateCollectionRequest } from '@cypher/contract';
import type { AppContext } from '../../../../app-context.ts';
import { AppError } from '../../../../http/app-error.ts';
import { assertUnchangedSince, nextVersionAt, type TSeenVersion } from '../../../../http/entry-version.ts';
import { assertCanManageBrand, type Operator } from '../../../../http/operator-guard.ts';
import { everythingScope } from '../../catalog-scope.ts';
import { collections } from '../../catalog.tables.ts';
import { getCollection } from '../../get-collection.ts';
import { inAuditedEdit } from '../../../console/audit/audited-edit.ts';
import { assertLicenseOfBrand } from '../related-items.ts';
import { conflictOf } from '../unique-conflicts.ts';
import { collectionConstraints } from './create-collection.ts';

export async function updateCollection(
  ctx: AppContext,
  operator: Operator,
  id: string,
  input: TUpdateCollectionRequest,
  seen: TSeenVersion = null,
): Promise<TCollection> {
  const now = ctx.clock.now();
  const audit = { actorUserId: operator.userId, entityType: 'collection', entityId: id, at: now } as const;
  return inAuditedEdit(ctx.db, audit, async (tx) => {
    const [row] = await tx
      .select({ brandId: collections.brandId, updatedAt: collections.updatedAt })
      .from(collections)
      .where(eq(collections.id, id))
      .for('update');
    if (!row) throw new AppError('NOT_FOUND');
    assertCanManageBrand(operator, row.brandId);
    assertUnchangedSince(seen, row.updatedAt);
    if (input.licenseId) await assertLicenseOfBrand(tx, input.licenseId, row.brandId);
    const before = await getCollection(tx, id, everythingScope);
    try {
      await tx
        .update(collections)
        .set({ ...input, updatedAt: nextVersionAt(now, row.updatedAt) })
        .where(eq(collections.id, id));
    } catch (error) {
      throw conflictOf(error, collectionConstraints);
    }
    return { before, after: await getCollection(tx, id, everythingScope) };
  });
}
