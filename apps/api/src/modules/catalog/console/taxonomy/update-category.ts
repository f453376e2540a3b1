import { eq } from 'drizzle-orm';
import type { TCategory, TUpdateCategoryRequest } from '@cypher/contract';
import type { AppContext } from '../../../../app-context.ts';
import { inTransaction } from '../../../../db/transaction.ts';
import { AppError } from '../../../../http/app-error.ts';
import { assertAdmin, type Operator } from '../../../../http/operator-guard.ts';
import { categories } from '../../catalog.tables.ts';
import { toCategory } from '../../catalog-views.ts';
import { recordAudit } from '../../../console/audit/record-audit.ts';
import { conflictOf } from '../unique-conflicts.ts';
import { categoryConstraints } from './create-category.ts';

export async function updateCategory(
  ctx: AppContext,
  operator: Operator,
  id: string,
  input: TUpdateCategoryRequest,
): Promise<TCategory> {
  assertAdmin(operator);
  const now = ctx.clock.now();
  return inTransaction(ctx.db, async (tx) => {
    const [row] = await tx.select().from(categories).where(eq(categories.id, id)).for('update');
    if (!row) throw new AppError('NOT_FOUND');
    const [updated] = await tx
      .update(categories)
      .set({ ...input, updatedAt: now })
      .where(eq(categories.id, id))
      .returning()
      .catch((error: unknown) => {
        throw conflictOf(error, categoryConstraints);
      });
    if (!updated) throw new Error('update returned no row');
    const after = toCategory(updated);
    await recordAudit(tx, {
      actorUserId: operator.userId,
      action: 'update',
      entityType: 'category',
      entityId: id,
      before: toCategory(row),
      after,
      at: now,
    });
    return after;
  });
}
