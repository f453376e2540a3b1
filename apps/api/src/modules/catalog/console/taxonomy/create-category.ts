import type { TCategory, TCreateCategoryRequest } from '@cypher/contract';
import type { AppContext } from '../../../../app-context.ts';
import { inTransaction } from '../../../../db/transaction.ts';
import { assertAdmin, type Operator } from '../../../../http/operator-guard.ts';
import { newId } from '../../../../lib/ids.ts';
import { categories } from '../../catalog.tables.ts';
import { toCategory } from '../../catalog-views.ts';
import { recordAudit } from '../../../console/audit/record-audit.ts';
import { conflictOf } from '../unique-conflicts.ts';

export const categoryConstraints = { slug: 'categories_slug_key', name: 'categories_name_lower_key' };

/** Categories and tags span every brand, so only admins shape them. */
export async function createCategory(
  ctx: AppContext,
  operator: Operator,
  input: TCreateCategoryRequest,
): Promise<TCategory> {
  assertAdmin(operator);
  const now = ctx.clock.now();
  return inTransaction(ctx.db, async (tx) => {
    const [row] = await tx
      .insert(categories)
      .values({ id: newId(), ...input, createdAt: now, updatedAt: now })
      .returning()
      .catch((error: unknown) => {
        throw conflictOf(error, categoryConstraints);
      });
    if (!row) throw new Error('insert returned no row');
    const after = toCategory(row);
    await recordAudit(tx, {
      actorUserId: operator.userId,
      action: 'create',
      entityType: 'category',
      entityId: after.id,
      before: null,
      after,
      at: now,
    });
    return after;
  });
}
