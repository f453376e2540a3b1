import { eq } from 'drizzle-orm';
import { catalogMessages, isBannerWindowValid, type TBanner, type TUpdateBannerRequest } from '@cypher/contract';
import type { AppContext } from '../../../../app-context.ts';
import { AppError } from '../../../../http/app-error.ts';
import { assertUnchangedSince, nextVersionAt, type TSeenVersion } from '../../../../http/entry-version.ts';
import { assertAdmin, type Operator } from '../../../../http/operator-guard.ts';
import { banners } from '../../catalog.tables.ts';
import { toBanner } from '../../catalog-views.ts';
import { inAuditedEdit } from '../../../console/audit/audited-edit.ts';

const toDate = (value: string | null | undefined) =>
  value === undefined ? undefined : value === null ? null : new Date(value);

export async function updateBanner(
  ctx: AppContext,
  operator: Operator,
  id: string,
  input: TUpdateBannerRequest,
  seen: TSeenVersion = null,
): Promise<TBanner> {
  assertAdmin(operator);
  const now = ctx.clock.now();
  const audit = { actorUserId: operator.userId, entityType: 'banner', entityId: id, at: now } as const;
  return inAuditedEdit(ctx.db, audit, async (tx) => {
    const [row] = await tx.select().from(banners).where(eq(banners.id, id)).for('update');
    if (!row) throw new AppError('NOT_FOUND');
    assertUnchangedSince(seen, row.updatedAt);
    const before = toBanner(row);
    // A new end alone must still come after the start already saved (and the other way round).
    const window = {
      startsAt: input.startsAt === undefined ? before.startsAt : input.startsAt,
      endsAt: input.endsAt === undefined ? before.endsAt : input.endsAt,
    };
    if (!isBannerWindowValid(window)) {
      throw new AppError('INVALID_REQUEST', { details: [{ field: 'endsAt', message: catalogMessages.bannerWindow }] });
    }
    const [updated] = await tx
      .update(banners)
      .set({
        ...input,
        startsAt: toDate(input.startsAt),
        endsAt: toDate(input.endsAt),
        updatedAt: nextVersionAt(now, row.updatedAt),
      })
      .where(eq(banners.id, id))
      .returning();
    if (!updated) throw new Error('update returned no row');
    return { before, after: toBanner(updated) };
  });
}
