import { sql } from 'drizzle-orm';
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
 * Route: POST /v1/console/passes · Writes: passes, pass_units, audit_log · Reads: brands (through the catalogue) · UI:
 * features/console pass form · Tests: passes.test.ts.
 *
 * A brand makes a pass. Its supply is issued at once as numbered units (one set-wise insert), so a purchase claims a
 * unit and nothing counts sales; for the same reason the supply never changes afterwards.
 */
export async function createPass(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  operator: Operator,
  input: TCreatePassRequest,
): Promise<TConsolePass> {
  const now = ctx.clock.now();
  const id = newId();
  return inTransaction(ctx.db, async (tx) => {
    if (!(await brandSummariesByIds(tx, [input.brandId])).has(input.brandId))
      throw new AppError('RELATED_ITEM_NOT_FOUND');
    assertCanManageBrand(operator, input.brandId);
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
    // Unit ids are made by the database: a pass of 100,000 is one statement, not 100,000 ids sent over.
    await tx.execute(sql`
      insert into pass_units (id, pass_id, number)
      select gen_random_uuid(), ${id}::uuid, n from generate_series(1, ${input.supply}::int) as n`);
    await recordAudit(tx, {
      actorUserId: operator.userId,
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
