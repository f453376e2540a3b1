import { eq } from 'drizzle-orm';
import type { TBrand, TUpdateBrandRequest } from '@cypher/contract';
import type { AppContext } from '../../../../app-context.ts';
import { AppError } from '../../../../http/app-error.ts';
import { assertUnchangedSince, nextVersionAt, type TSeenVersion } from '../../../../http/entry-version.ts';
import { assertAdmin, assertCanManageBrand, type Operator } from '../../../../http/operator-guard.ts';
import { everythingScope } from '../../catalog-scope.ts';
import { brands } from '../../catalog.tables.ts';
import { toBrand } from '../../catalog-views.ts';
import { getBrand } from '../../get-brand.ts';
import { inAuditedEdit } from '../../../console/audit/audited-edit.ts';
import { conflictOf } from '../unique-conflicts.ts';
import { brandConstraints } from './create-brand.ts';
import { keepPublicSlug } from './keep-public-slug.ts';

/**
 * A brand manager edits their brand's page; featuring a brand on the home page stays an admin's call. The row is
 * locked while it changes, so the audit row's "before" is exactly what this change replaced. A slug a published brand
 * gives up is kept in brand_previous_slugs, so the brand's old links still find it; a draft's slug is not kept here: a
 * working name must not become a public alias once the brand is published. A draft's slug the public did see (the one
 * it was unpublished with) was kept when it was unpublished (change-publication.ts).
 */
export async function updateBrand(
  ctx: AppContext,
  operator: Operator,
  id: string,
  input: TUpdateBrandRequest,
  seen: TSeenVersion = null,
): Promise<TBrand> {
  if (input.isFeatured !== undefined) assertAdmin(operator);
  const now = ctx.clock.now();
  const audit = { actorUserId: operator.userId, entityType: 'brand', entityId: id, at: now } as const;
  return inAuditedEdit(ctx.db, audit, async (tx) => {
    const [row] = await tx.select().from(brands).where(eq(brands.id, id)).for('update');
    if (!row) throw new AppError('NOT_FOUND');
    assertCanManageBrand(operator, row.id);
    assertUnchangedSince(seen, row.updatedAt);
    try {
      await tx
        .update(brands)
        .set({ ...input, updatedAt: nextVersionAt(now, row.updatedAt) })
        .where(eq(brands.id, id));
    } catch (error) {
      throw conflictOf(error, brandConstraints);
    }
    if (input.slug !== undefined && input.slug !== row.slug && row.status === 'PUBLISHED') {
      // Its old links keep finding it (get-brand.ts).
      await keepPublicSlug(tx, id, row.slug, now);
    }
    return { before: toBrand(row), after: await getBrand(tx, id, everythingScope) };
  });
}
