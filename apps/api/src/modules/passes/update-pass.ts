import { eq } from 'drizzle-orm';
import { passTimeIssues, type TConsolePass, type TUpdatePassRequest } from '@cypher/contract';
import type { AppContext } from '../../app-context.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError } from '../../http/app-error.ts';
import { assertCanManageBrand, type Operator } from '../../http/operator-guard.ts';
import { recordAudit } from '../console/audit/record-audit.ts';
import { consolePassViewsOf } from './pass-views.ts';
import { passes } from './passes.tables.ts';

/**
 * Route: PATCH /v1/console/passes/{id} · Writes: passes, audit_log · UI: features/console pass form · Tests:
 * passes.test.ts.
 *
 * Changes a pass's words, artwork, price, limit and times (its brand and supply stay). The times are checked together
 * with the ones kept: a sale that would end before it begins, or a validity that would, is refused.
 */
export async function updatePass(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  operator: Operator,
  id: string,
  input: TUpdatePassRequest,
): Promise<TConsolePass> {
  const now = ctx.clock.now();
  return inTransaction(ctx.db, async (tx) => {
    const [before] = await tx.select().from(passes).where(eq(passes.id, id)).for('update');
    if (!before) throw new AppError('PASS_NOT_FOUND');
    assertCanManageBrand(operator, before.brandId);
    const times = {
      saleBeginAt: input.saleBeginAt ? new Date(input.saleBeginAt) : before.saleBeginAt,
      saleEndAt: input.saleEndAt ? new Date(input.saleEndAt) : before.saleEndAt,
      validFrom: input.validFrom ? new Date(input.validFrom) : before.validFrom,
      validUntil: input.validUntil ? new Date(input.validUntil) : before.validUntil,
    };
    const issues = passTimeIssues(times);
    if (issues.length > 0) throw new AppError('INVALID_REQUEST', { details: issues });
    const [row] = await tx
      .update(passes)
      .set({ ...input, ...times, updatedAt: now })
      .where(eq(passes.id, id))
      .returning();
    await recordAudit(tx, {
      actorUserId: operator.userId,
      action: 'update',
      entityType: 'pass',
      entityId: id,
      before,
      after: input,
      at: now,
    });
    const [view] = await consolePassViewsOf(tx, [row!], now);
    return view!;
  });
}
