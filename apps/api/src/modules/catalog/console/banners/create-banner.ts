import type { TBanner, TCreateBannerRequest } from '@cypher/contract';
import type { AppContext } from '../../../../app-context.ts';
import { inTransaction } from '../../../../db/transaction.ts';
import { assertAdmin, type Operator } from '../../../../http/operator-guard.ts';
import { newId } from '../../../../lib/ids.ts';
import { banners } from '../../catalog.tables.ts';
import { toBanner } from '../../catalog-views.ts';
import { recordAudit } from '../../../console/audit/record-audit.ts';

const toDate = (value: string | null) => (value === null ? null : new Date(value));

/** Banners are the marketplace's own front window, so only admins place them. */
export async function createBanner(ctx: AppContext, operator: Operator, input: TCreateBannerRequest): Promise<TBanner> {
  assertAdmin(operator);
  const now = ctx.clock.now();
  return inTransaction(ctx.db, async (tx) => {
    const [row] = await tx
      .insert(banners)
      .values({
        ...input,
        id: newId(),
        startsAt: toDate(input.startsAt),
        endsAt: toDate(input.endsAt),
        status: 'DRAFT',
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!row) throw new Error('insert returned no row');
    const after = toBanner(row);
    await recordAudit(tx, {
      actorUserId: operator.userId,
      action: 'create',
      entityType: 'banner',
      entityId: after.id,
      before: null,
      after,
      at: now,
    });
    return after;
  });
}
