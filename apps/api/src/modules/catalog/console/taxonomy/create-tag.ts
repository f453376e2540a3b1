import type { TCreateTagRequest, TTag } from '@cypher/contract';
import type { AppContext } from '../../../../app-context.ts';
import { inTransaction } from '../../../../db/transaction.ts';
import { assertAdmin, type Operator } from '../../../../http/operator-guard.ts';
import { newId } from '../../../../lib/ids.ts';
import { tags } from '../../catalog.tables.ts';
import { toTag } from '../../catalog-views.ts';
import { recordAudit } from '../../../console/audit/record-audit.ts';
import { conflictOf } from '../unique-conflicts.ts';

export const tagConstraints = { slug: 'tags_slug_key', name: 'tags_name_lower_key' };

export async function createTag(ctx: AppContext, operator: Operator, input: TCreateTagRequest): Promise<TTag> {
  assertAdmin(operator);
  const now = ctx.clock.now();
  return inTransaction(ctx.db, async (tx) => {
    const [row] = await tx
      .insert(tags)
      .values({ id: newId(), ...input, createdAt: now, updatedAt: now })
      .returning()
      .catch((error: unknown) => {
        throw conflictOf(error, tagConstraints);
      });
    if (!row) throw new Error('insert returned no row');
    const after = toTag(row);
    await recordAudit(tx, {
      actorUserId: operator.userId,
      action: 'create',
      entityType: 'tag',
      entityId: after.id,
      before: null,
      after,
      at: now,
    });
    return after;
  });
}
