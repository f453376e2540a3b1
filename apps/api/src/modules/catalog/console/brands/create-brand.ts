import type { TBrand, TCreateBrandRequest } from '@cypher/contract';
import type { AppContext } from '../../../../app-context.ts';
import { inTransaction } from '../../../../db/transaction.ts';
import { assertAdmin, type Operator } from '../../../../http/operator-guard.ts';
import { newId } from '../../../../lib/ids.ts';
import { everythingScope } from '../../catalog-scope.ts';
import { brands } from '../../catalog.tables.ts';
import { getBrand } from '../../get-brand.ts';
import { recordAudit } from '../../../console/audit/record-audit.ts';
import { conflictOf } from '../unique-conflicts.ts';

export const brandConstraints = { slug: 'brands_slug_key', name: 'brands_name_lower_key' };

/** Admins open brands (as drafts); brand managers are then assigned to them. */
export async function createBrand(ctx: AppContext, operator: Operator, input: TCreateBrandRequest): Promise<TBrand> {
  assertAdmin(operator);
  const now = ctx.clock.now();
  const id = newId();
  return inTransaction(ctx.db, async (tx) => {
    try {
      await tx.insert(brands).values({ id, ...input, status: 'DRAFT', createdAt: now, updatedAt: now });
    } catch (error) {
      throw conflictOf(error, brandConstraints);
    }
    const after = await getBrand(tx, id, everythingScope);
    await recordAudit(tx, {
      actorUserId: operator.userId,
      action: 'create',
      entityType: 'brand',
      entityId: id,
      before: null,
      after,
      at: now,
    });
    return after;
  });
}
