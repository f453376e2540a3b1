import { and, count, eq, gt } from 'drizzle-orm';
import { formatNumber } from '@cypher/contract';
import type { Db } from '../../db/client.ts';
import type { DeletionBlocker } from '../users/deletion/deletion-blockers.ts';
import { passes, passUnits } from './passes.tables.ts';

/**
 * Route: POST /v1/users/delete-request and the deletion job, through users/deletion/deletion-blockers.ts · Reads:
 * pass_units, passes · Tests: passes-deletion-blocker.test.ts.
 *
 * An account cannot be deleted while it holds a pass that still opens something: one valid now or not valid yet, paid
 * for or given, would be lost with the account (session 71's hunt found a bought pass quietly thrown away). A pass
 * whose validity has ended opens nothing any more and is worth nothing, so it does not block. A unit held for an
 * unpaid order has no owner yet: it ends as bought or released within the hold, and the check runs again when the
 * deletion completes.
 */
export async function passesDeletionBlocker(tx: Db, userId: string, now: Date): Promise<DeletionBlocker | null> {
  const [row] = await tx
    .select({ count: count() })
    .from(passUnits)
    .innerJoin(passes, eq(passes.id, passUnits.passId))
    .where(and(eq(passUnits.ownerUserId, userId), gt(passes.validUntil, now)));
  const held = row?.count ?? 0;
  if (held === 0) return null;
  return {
    kind: 'passes',
    message:
      held === 1
        ? 'You still hold 1 pass that has not ended yet.'
        : `You still hold ${formatNumber(held)} passes that have not ended yet.`,
  };
}
