import { eq } from 'drizzle-orm';
import type { TTag, TUpdateTagRequest } from '@cypher/contract';
import type { AppContext } from '../../../../app-context.ts';
import { AppError } from '../../../../http/app-error.ts';
import { assertUnchangedSince, nextVersionAt, type TSeenVersion } from '../../../../http/entry-version.ts';
import { assertAdmin, type Operator } from '../../../../http/operator-guard.ts';
import { tags } from '../../catalog.tables.ts';
import { toTag } from '../../catalog-views.ts';
import { inAuditedEdit } from '../../../console/audit/audited-edit.ts';
import { conflictOf } from '../unique-conflicts.ts';
import { tagConstraints } from './create-tag.ts';

export async function updateTag(
  ctx: AppContext,
  operator: Operator,
  id: string,
  input: TUpdateTagRequest,
  seen: TSeenVersion = null,
): Promise<TTag> {
  assertAdmin(operator);
  const now = ctx.clock.now();
  const audit = { actorUserId: operator.userId, entityType: 'tag', entityId: id, at: now } as const;
  return inAuditedEdit(ctx.db, audit, async (tx) => {
    const [row] = await tx.select().from(tags).where(eq(tags.id, id)).for('update');
    if (!row) throw new AppError('NOT_FOUND');
    assertUnchangedSince(seen, row.updatedAt);
    const [updated] = await tx
      .update(tags)
      .set({ ...input, updatedAt: nextVersionAt(now, row.updatedAt) })
      .where(eq(tags.id, id))
      .returning()
      .catch((error: unknown) => {
        throw conflictOf(error, tagConstraints);
      });
    if (!updated) throw new Error('update returned no row');
    return { before: toTag(row), after: toTag(updated) };
  });
}
