import { eq } from 'drizzle-orm';
import type { TFigureBase, TUpdateFigureBaseRequest } from '@cypher/contract';
import type { AppContext } from '../../../app-context.ts';
import { AppError } from '../../../http/app-error.ts';
import { assertUnchangedSince, nextVersionAt, type TSeenVersion } from '../../../http/entry-version.ts';
import { assertCanManageBrand, type Operator } from '../../../http/operator-guard.ts';
import { inAuditedEdit } from '../../console/audit/audited-edit.ts';
import { figureBases } from '../collection.tables.ts';
import { assertSlotsCanBeFilled, replaceFigureBaseSlots } from './figure-base-slot-writes.ts';
import { figureBaseViewsOf } from './figure-base-views.ts';

/**
 * Route: PATCH /v1/console/figure-bases/{id} · Writes: figure_bases, figure_base_slots, audit_log · Reads:
 * figure_base_placements, products (through the catalogue's function) · UI: features/console figure-base-form.tsx ·
 * Tests: figure-bases-console.test.ts.
 *
 * Changes a base's words, image or slots. The row is locked first, so two operators' slot lists apply one after the
 * other rather than interleaved.
 */
export async function updateFigureBase(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  operator: Operator,
  id: string,
  input: TUpdateFigureBaseRequest,
  seen: TSeenVersion = null,
): Promise<TFigureBase> {
  const now = ctx.clock.now();
  const audit = { actorUserId: operator.userId, entityType: 'figure_base', entityId: id, at: now } as const;
  return inAuditedEdit(ctx.db, audit, async (tx) => {
    const [locked] = await tx.select().from(figureBases).where(eq(figureBases.id, id)).for('update');
    if (!locked) throw new AppError('FIGURE_BASE_NOT_FOUND');
    assertCanManageBrand(operator, locked.brandId);
    assertUnchangedSince(seen, locked.updatedAt);
    const [before] = await figureBaseViewsOf(tx, [locked], null, 'console');
    const { slots, ...fields } = input;
    if (slots) {
      await assertSlotsCanBeFilled(tx, slots, locked.collectionId);
      await replaceFigureBaseSlots(tx, id, slots);
    }
    const [row] = await tx
      .update(figureBases)
      .set({ ...fields, updatedAt: nextVersionAt(now, locked.updatedAt) })
      .where(eq(figureBases.id, id))
      .returning();
    const [after] = await figureBaseViewsOf(tx, [row!], null, 'console');
    return { before: before!, after: after! };
  });
}
