import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../app-context.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError } from '../../http/app-error.ts';
import type { Operator } from '../../http/operator-guard.ts';
import { recordAudit } from '../console/audit/record-audit.ts';
import { isPassNamedByRound } from '../drops/rounds-opened-by-passes.ts';
import { consolePassViewsOf } from './pass-views.ts';
import { lockPass } from './publish-pass.ts';
import { passes } from './passes.tables.ts';

/**
 * Route: DELETE /v1/console/passes/{id} · Writes: passes, audit_log · Reads: sale_policies (through drops) · UI:
 * features/console/components/delete-pass-action.tsx · Tests: passes.test.ts, pass-publication.test.ts.
 *
 * A draft, deleted: one made twice or given up no longer stays in the list, where it could still be published by
 * mistake. Only a draft (PASS_ALREADY_PUBLISHED after): a published pass has units, perhaps holders and orders. Not
 * one a drop's round names (PASS_NAMED_BY_ROUND). Locked as a publish locks it, so a publish at the same moment either
 * finishes first (and this answers PASS_ALREADY_PUBLISHED) or waits and finds nothing (PASS_NOT_FOUND). A draft has no
 * units: they are issued when it is published.
 */
export async function deletePass(ctx: Pick<AppContext, 'db' | 'clock'>, operator: Operator, id: string): Promise<void> {
  const now = ctx.clock.now();
  await inTransaction(ctx.db, async (tx) => {
    const before = await lockPass(tx, operator, id);
    if (before.status !== 'DRAFT') throw new AppError('PASS_ALREADY_PUBLISHED');
    if (await isPassNamedByRound(tx, id)) throw new AppError('PASS_NAMED_BY_ROUND');
    const [view] = await consolePassViewsOf(tx, [before], now);
    await tx.delete(passes).where(and(eq(passes.id, id), eq(passes.status, 'DRAFT')));
    await recordAudit(tx, {
      actorUserId: operator.userId,
      action: 'delete',
      entityType: 'pass',
      entityId: id,
      before: view,
      after: null,
      at: now,
    });
  });
}
