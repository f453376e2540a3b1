import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../app-context.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError } from '../../http/app-error.ts';
import type { Operator } from '../../http/operator-guard.ts';
import { recordAudit } from '../console/audit/record-audit.ts';
import { consoleFusionView } from './fusion-views.ts';
import { fusions } from './fusions.tables.ts';
import { lockFusion } from './write-fusion.ts';

/**
 * Route: DELETE /v1/console/fusions/{id} (fusions.routes.ts) · Writes: fusions (its fusion_slots go with it),
 * audit_log · UI: features/console/components/delete-fusion-action.tsx · Tests: fusion-publication.test.ts.
 *
 * A draft, deleted with its slots: one made twice or given up no longer stays in the list, where it could still be
 * published by mistake. Only a draft (FUSION_ALREADY_PUBLISHED after): a published fusion has minted results, perhaps
 * runs. A draft has minted nothing. Locked as a publish locks it, so a publish at the same moment either finishes first
 * (and this answers FUSION_ALREADY_PUBLISHED) or waits and finds nothing (FUSION_NOT_FOUND).
 */
export async function deleteFusion(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  operator: Operator,
  id: string,
): Promise<void> {
  const now = ctx.clock.now();
  await inTransaction(ctx.db, async (tx) => {
    const before = await lockFusion(tx, operator, id);
    if (before.status !== 'DRAFT') throw new AppError('FUSION_ALREADY_PUBLISHED');
    const view = await consoleFusionView(tx, before, now);
    await tx.delete(fusions).where(and(eq(fusions.id, id), eq(fusions.status, 'DRAFT')));
    await recordAudit(tx, {
      actorUserId: operator.userId,
      action: 'delete',
      entityType: 'fusion',
      entityId: id,
      before: view,
      after: null,
      at: now,
    });
  });
}
