import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../app-context.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { Operator } from '../../http/operator-guard.ts';
import { recordAudit } from '../console/audit/record-audit.ts';
import { drops } from './drops.tables.ts';
import { dropForAudit, getConsoleDrop } from './get-console-drop.ts';
import { lockDraftDrop } from './write-drop-draft.ts';

/**
 * Route: DELETE /v1/console/drops/{id} · Writes: drops (its drop_contents, sale_policies and sale_policy_whitelist go
 * with it), audit_log · UI: features/console/components/delete-drop-action.tsx · Tests: console-drops.test.ts.
 *
 * A draft, deleted with its rounds and contents: a draft made twice or given up no longer stays in the list, where it
 * could still be published by mistake. Only a draft: a published drop has packs, orders and a provenance commitment
 * that collectors may check. Locked as an update locks it (lockDraftDrop), so a publish at the same moment either
 * finishes first (and this answers DROP_ALREADY_PUBLISHED) or waits and finds nothing (DROP_NOT_FOUND).
 */
export async function deleteDrop(ctx: Pick<AppContext, 'db' | 'clock'>, operator: Operator, id: string): Promise<void> {
  const now = ctx.clock.now();
  await inTransaction(ctx.db, async (tx) => {
    await lockDraftDrop(tx, operator, id);
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
