import { and, eq, gt } from 'drizzle-orm';
import type { TConsoleFusion } from '@cypher/contract';
import type { AppContext } from '../../app-context.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError } from '../../http/app-error.ts';
import { nextVersionAt } from '../../http/entry-version.ts';
import type { Operator } from '../../http/operator-guard.ts';
import { recordAudit } from '../console/audit/record-audit.ts';
import { consoleFusionView } from './fusion-views.ts';
import { fusions } from './fusions.tables.ts';
import { lockFusion } from './write-fusion.ts';

/**
 * Route: POST /v1/console/fusions/{id}/close (fusions.routes.ts) · Writes: fusions (end_at), audit_log · UI:
 * features/console/components/close-fusion-action.tsx · Tests: fusion-publication.test.ts, fusion-races.test.ts.
 *
 * Ends an open fusion now, for good (decision record 50): collectors then see it ended, and nobody fuses after. Only an
 * open one: a draft, or a published one not begun, still has its times to change (FUSION_NOT_OPEN); one over already
 * is FUSION_ALREADY_ENDED.
 *
 * The row is locked FOR NO KEY UPDATE first, which waits for every fusion under way (each holds the row FOR SHARE,
 * fuse.ts), and only then is "now" read: a fusion that committed before the close was made before its new end, and
 * one that locks the row after it finds the fusion ended.
 */
export async function closeFusion(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  operator: Operator,
  id: string,
): Promise<TConsoleFusion> {
  return inTransaction(ctx.db, async (tx) => {
    const before = await lockFusion(tx, operator, id);
    const now = ctx.clock.now();
    if (before.endAt <= now) throw new AppError('FUSION_ALREADY_ENDED');
    if (before.status !== 'PUBLISHED' || before.beginAt > now) throw new AppError('FUSION_NOT_OPEN');
    const [row] = await tx
      .update(fusions)
      .set({ endAt: now, updatedAt: nextVersionAt(now, before.updatedAt) })
      .where(and(eq(fusions.id, id), gt(fusions.endAt, now)))
      .returning();
    if (!row) throw new Error(`fusion ${id} ended under a row lock`);
    const after = await consoleFusionView(tx, row, now);
    await recordAudit(tx, {
      actorUserId: operator.userId,
      action: 'close',
      entityType: 'fusion',
      entityId: id,
      before: await consoleFusionView(tx, before, now),
      after,
      at: now,
    });
    return after;
  });
}
