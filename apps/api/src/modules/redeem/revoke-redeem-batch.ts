import { and, eq, isNull, sql } from 'drizzle-orm';
import type { TConsoleRedeemBatch } from '@cypher/contract';
import type { AppContext } from '../../app-context.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError } from '../../http/app-error.ts';
import type { Operator } from '../../http/operator-guard.ts';
import { recordAudit } from '../console/audit/record-audit.ts';
import { batchViewsOf, managedBatchOf } from './console-redeem-batches.ts';
import { redeemBatches } from './redeem.tables.ts';

/*
 * Route: POST /v1/console/redeem-batches/{id}/revoke (redeem.routes.ts) · Writes: redeem_batches (revoked_at),
 * audit_log · Reads: redeem_codes (locked, not changed) · UI: features/console redeem batch page (Revoke codes) ·
 * Tests: redeem.test.ts, redeem-races.test.ts.
 */

/**
 * Revokes a batch (its codes leaked, say): from the moment this answers, none of its codes grants anything
 * (REDEEM_CODE_REVOKED), and every use granted before committed before it. Once only: a second revoke is
 * REDEEM_BATCH_ALREADY_REVOKED, decided by the row count of the conditional update, never by the read before it.
 *
 * Why the code rows are locked: a redemption claims its use by updating its code's row (redeem-code.ts), then reads
 * revoked_at in a statement of its own. Holding every code row of the batch while revoked_at is set means that a
 * redemption either claimed its row first (this waits for it to commit or roll back, so its use lands before the
 * revoke) or waits behind this transaction and, when it gets the row, reads a revoked_at already committed (READ
 * COMMITTED takes a fresh snapshot per statement) and rolls its claim back. A lock on the batch row would do the same
 * but make it one hot row every redemption of the batch queues on; the code rows are locked by redemptions anyway, one
 * each, and only a revoke takes them all. They are locked in id order so two revokes of one batch queue rather than
 * deadlock; a redemption holds one code row only, so it cannot close a cycle with a revoke. The ids stay in the
 * database: 100,000 of them need not travel to be locked.
 */
export async function revokeRedeemBatch(
  ctx: Pick<AppContext, 'db' | 'clock' | 'config'>,
  operator: Operator,
  id: string,
): Promise<TConsoleRedeemBatch> {
  const now = ctx.clock.now();
  return inTransaction(ctx.db, async (tx) => {
    const before = await managedBatchOf(tx, operator, id);
    // Spares an already revoked batch the locking of all its codes; the update below still decides.
    if (before.revokedAt) throw new AppError('REDEEM_BATCH_ALREADY_REVOKED');
    await tx.execute(sql`
      select count(*) from (select id from redeem_codes where batch_id = ${id} order by id for update) as locked`);
    const [row] = await tx
      .update(redeemBatches)
      .set({ revokedAt: now })
      .where(and(eq(redeemBatches.id, id), isNull(redeemBatches.revokedAt)))
      .returning();
    if (!row) throw new AppError('REDEEM_BATCH_ALREADY_REVOKED');
    await recordAudit(tx, {
      actorUserId: operator.userId,
      action: 'revoke',
      entityType: 'redeem_batch',
      entityId: id,
      before: { revokedAt: null },
      after: { revokedAt: now.toISOString() },
      at: now,
    });
    const [view] = await batchViewsOf(ctx, tx, [row], operator);
    return view!;
  });
}
