import { and, eq, sql } from 'drizzle-orm';
import type { TConsolePass } from '@cypher/contract';
import type { AppContext } from '../../app-context.ts';
import type { Db } from '../../db/client.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError } from '../../http/app-error.ts';
import { nextVersionAt } from '../../http/entry-version.ts';
import { assertCanManageBrand, type Operator } from '../../http/operator-guard.ts';
import { recordAudit } from '../console/audit/record-audit.ts';
import { consolePassViewsOf } from './pass-views.ts';
import { passes, type TPassRow } from './passes.tables.ts';

/**
 * Route: POST /v1/console/passes/{id}/publish (console-passes.routes.ts) · Writes: passes (status, published_at),
 * pass_units, audit_log · UI: features/console/components/publish-pass-action.tsx · Tests: passes.test.ts,
 * pass-publication.test.ts.
 *
 * A draft becomes public, once (decision record 50): the row is locked, so a second publish waits and answers
 * PASS_ALREADY_PUBLISHED, and the supply is issued now as numbered units (one set-wise insert), so a purchase claims a
 * unit and nothing counts sales; for the same reason the supply never changes afterwards. `operator` null: the demo
 * seed, which has no operator.
 */
export async function publishPass(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  operator: Operator | null,
  id: string,
): Promise<TConsolePass> {
  const now = ctx.clock.now();
  return inTransaction(ctx.db, async (tx) => {
    const before = await lockPass(tx, operator, id);
    if (before.status !== 'DRAFT') throw new AppError('PASS_ALREADY_PUBLISHED');
    const [row] = await tx
      .update(passes)
      .set({ status: 'PUBLISHED', publishedAt: now, updatedAt: nextVersionAt(now, before.updatedAt) })
      .where(and(eq(passes.id, id), eq(passes.status, 'DRAFT')))
      .returning();
    if (!row) throw new Error(`pass ${id} changed status under a row lock`);
    // Unit ids are made by the database: a pass of 100,000 is one statement, not 100,000 ids sent over.
    await tx.execute(sql`
      insert into pass_units (id, pass_id, number)
      select gen_random_uuid(), ${id}::uuid, n from generate_series(1, ${row.supply}::int) as n`);
    const [beforeView, after] = await consolePassViewsOf(tx, [before, row], now);
    await recordAudit(tx, {
      actorUserId: operator?.userId ?? null,
      action: 'publish',
      entityType: 'pass',
      entityId: id,
      before: beforeView,
      after,
      at: now,
    });
    return after!;
  });
}

/**
 * The pass locked for a console write (publish, update, delete), for an operator of its brand: writes to one pass wait
 * for each other, so a publish and a draft's change or deletion never interleave.
 */
export async function lockPass(tx: Db, operator: Operator | null, id: string): Promise<TPassRow> {
  const [row] = await tx.select().from(passes).where(eq(passes.id, id)).for('update');
  if (!row) throw new AppError('PASS_NOT_FOUND');
  if (operator) assertCanManageBrand(operator, row.brandId);
  return row;
}
