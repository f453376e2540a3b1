import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../app-context.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError } from '../../http/app-error.ts';
import { assertCanManageBrand, type Operator } from '../../http/operator-guard.ts';
import { recordAudit } from '../console/audit/record-audit.ts';
import { drops } from './drops.tables.ts';
import { dropForAudit, getConsoleDrop } from './get-console-drop.ts';

/**
 * Route: DELETE /v1/console/drops/{id} · Writes: drops (its drop_contents, sale_policies and sale_policy_whitelist go
 * with it), audit_log · UI: features/console/components/delete-drop-action.tsx · Tests: console-drops.test.ts.
 *
 * A draft, deleted with its rounds and contents: a draft made twice or given up no longer stays in the list, where it
 * could still be published by mistake. Only a draft: a published drop has packs, orders and a provenance commitment
 * that collectors may check. The row is locked first, as an update locks it, so a publish at the same moment either
 * finishes first (and this answers DROP_ALREADY_PUBLISHED) or waits and finds nothing (DROP_NOT_FOUND).
 */
export async function deleteDrop(ctx: Pick<AppContext, 'db' | 'clock'>, operator: Operator, id: string): Promise<void> {
  const now = ctx.clock.now();
  await inTransaction(ctx.db, async (tx) => {
    const [row] = await tx
      .select({ brandId: drops.brandId, publicationStatus: drops.publicationStatus })
      .from(drops)
      .where(eq(drops.id, id))
      .for('update');
    if (!row) throw new AppError('DROP_NOT_FOUND');
    assertCanManageBrand(operator, row.brandId);
    if (row.publicationStatus !== 'DRAFT') throw new AppError('DROP_ALREADY_PUBLISHED');
    const before = await getConsoleDrop(tx, now, null, id);
    await tx.delete(drops).where(and(eq(drops.id, id), eq(drops.publicationStatus, 'DRAFT')));
    await recordAudit(tx, {
      actorUserId: operator.userId,
      action: 'delete',
      entityType: 'drop',
      entityId: id,
      before: dropForAudit(before),
      after: null,
      at: now,
    });
  });
}
