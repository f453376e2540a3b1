import type { TConsolePass, TCreatePassRequest } from '@cypher/contract';
import type { AppContext } from '../../app-context.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError } from '../../http/app-error.ts';
import { assertCanManageBrand, type Operator } from '../../http/operator-guard.ts';
import { newId } from '../../lib/ids.ts';
import { brandSummariesByIds } from '../catalog/brand-summaries.ts';
import { recordAudit } from '../console/audit/record-audit.ts';
import { consolePassViewsOf } from './pass-views.ts';
import { passes } from './passes.tables.ts';

/**
 * Route: POST /v1/console/passes · Writes: passes, audit_log · Reads: brands (through the catalogue) · UI:
 * features/console pass form · Tests: passes.test.ts, pass-publication.test.ts.
 *
 * A brand makes a pass, as a draft that collectors never see (decision record 50): it may change, supply included,
 * until publishPass issues its units. `operator` null: the demo seed, which has no operator.
 */
export async function createPass(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  operator: Operator | null,
  input: TCreatePassRequest,
): Promise<TConsolePass> {
  const now = ctx.clock.now();
  const id = newId();
  return inTransaction(ctx.db, async (tx) => {
    if (!(await brandSummariesByIds(tx, [input.brandId])).has(input.brandId))
      throw new AppError('RELATED_ITEM_NOT_FOUND');
    if (operator) assertCanManageBrand(operator, input.brandId);
    const [row] = await tx
      .insert(passes)
      .values({
        id,
        brandId: input.brandId,
        name: input.name,
        description: input.description,
        imageUrl: input.imageUrl,
        benefits: input.benefits,
        supply: input.supply,
        price: input.price,
        perPersonLimit: input.perPersonLimit,
        saleBeginAt: new Date(input.saleBeginAt),
        saleEndAt: new Date(input.saleEndAt),
        validFrom: new Date(input.validFrom),
        validUntil: new Date(input.validUntil),
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await recordAudit(tx, {
      actorUserId: operator?.userId ?? null,
      action: 'create',
      entityType: 'pass',
      entityId: id,
      before: null,
      after: input,
      at: now,
    });
    const [view] = await consolePassViewsOf(tx, [row!], now);
    return view!;
  });
}
