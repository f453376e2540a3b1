import type { TCreateFigureBaseRequest, TFigureBase } from '@cypher/contract';
import type { AppContext } from '../../../app-context.ts';
import { inTransaction } from '../../../db/transaction.ts';
import { AppError } from '../../../http/app-error.ts';
import { assertCanManageBrand, type Operator } from '../../../http/operator-guard.ts';
import { newId } from '../../../lib/ids.ts';
import { collectionFactsByIds } from '../../catalog/collection-summaries.ts';
import { recordAudit } from '../../console/audit/record-audit.ts';
import { figureBases } from '../collection.tables.ts';
import { assertSlotsCanBeFilled, replaceFigureBaseSlots } from './figure-base-slot-writes.ts';
import { figureBaseViewsOf } from './figure-base-views.ts';

/**
 * Route: POST /v1/console/figure-bases · Writes: figure_bases, figure_base_slots, audit_log · Reads: collections and
 * products (through the catalogue's functions) · UI: features/console figure-base-form.tsx · Tests:
 * figure-bases-console.test.ts.
 *
 * A brand makes a display base for one of its collections. Collectors see it as soon as the collection is public:
 * a base has no draft of its own, its collection's status is its status.
 */
export async function createFigureBase(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  operator: Operator,
  input: TCreateFigureBaseRequest,
): Promise<TFigureBase> {
  const now = ctx.clock.now();
  const id = newId();
  return inTransaction(ctx.db, async (tx) => {
    const collection = (await collectionFactsByIds(tx, [input.collectionId])).get(input.collectionId);
    if (!collection) throw new AppError('RELATED_ITEM_NOT_FOUND');
    assertCanManageBrand(operator, collection.brandId);
    await assertSlotsCanBeFilled(tx, input.slots, input.collectionId);
    const [row] = await tx
      .insert(figureBases)
      .values({
        id,
        brandId: collection.brandId,
        collectionId: input.collectionId,
        name: input.name,
        description: input.description,
        imageUrl: input.imageUrl,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await replaceFigureBaseSlots(tx, id, input.slots);
    const [after] = await figureBaseViewsOf(tx, [row!], null, 'console');
    await recordAudit(tx, {
      actorUserId: operator.userId,
      action: 'create',
      entityType: 'figure_base',
      entityId: id,
      before: null,
      after,
      at: now,
    });
    return after!;
  });
}
