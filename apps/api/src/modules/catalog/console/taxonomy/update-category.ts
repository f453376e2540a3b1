import { eq } from 'drizzle-orm';
import type { TCategory, TUpdateCategoryRequest } from '@cypher/contract';
import type { AppContext } from '../../../../app-context.ts';
import { AppError } from '../../../../http/app-error.ts';
import { assertUnchangedSince, nextVersionAt, type TSeenVersion } from '../../../../http/entry-version.ts';
import { assertAdmin, type Operator } from '../../../../http/operator-guard.ts';
import { categories } from '../../catalog.tables.ts';
import { toCategory } from '../../catalog-views.ts';
import { inAuditedEdit } from '../../../console/audit/audited-edit.ts';
import { conflictOf } from '../unique-conflicts.ts';
import { categoryConstraints } from './create-category.ts';

export async function updateCategory(
  ctx: AppContext,
  operator: Operator,
  id: string,
  input: TUpdateCategoryRequest,
  seen: TSeenVersion = null,
): Promise<TCategory> {
  assertAdmin(operator);
  const now = ctx.clock.now();
  const audit = { actorUserId: operator.userId, entityType: 'category', entityId: id, at: now } as const;
  return inAuditedEdit(ctx.db, audit, async (tx) => {
    const [row] = await tx.select().from(categories).where(eq(categories.id, id)).for('update');
    if (!row) throw new AppError('NOT_FOUND');
    assertUnchangedSince(seen, row.updatedAt);
    const [updated] = await tx
      .update(categories)
      .set({ ...input, updatedAt: nextVersionAt(now, row.updatedAt) })
      .where(eq(categories.id, id))
      .returning()
      .catch((error: unknown) => {
        throw conflictOf(error, categoryConstraints);
      });
    if (!updated) throw new Error('update returned no row');
    return { before: toCategory(row), after: toCategory(updated) };
  });
}
