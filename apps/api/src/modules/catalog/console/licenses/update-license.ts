import { eq } from 'drizzle-orm';
import type { TLicense, TUpdateLicenseRequest } from '@cypher/contract';
import type { AppContext } from '../../../../app-context.ts';
import { AppError } from '../../../../http/app-error.ts';
import { assertUnchangedSince, nextVersionAt, type TSeenVersion } from '../../../../http/entry-version.ts';
import { assertCanManageBrand, type Operator } from '../../../../http/operator-guard.ts';
import { everythingScope } from '../../catalog-scope.ts';
import { licenses } from '../../catalog.tables.ts';
import { getLicense } from '../../get-license.ts';
import { inAuditedEdit } from '../../../console/audit/audited-edit.ts';
import { conflictOf } from '../unique-conflicts.ts';
import { licenseConstraints } from './create-license.ts';

export async function updateLicense(
  ctx: AppContext,
  operator: Operator,
  id: string,
  input: TUpdateLicenseRequest,
  seen: TSeenVersion = null,
): Promise<TLicense> {
  const now = ctx.clock.now();
  const audit = { actorUserId: operator.userId, entityType: 'license', entityId: id, at: now } as const;
  return inAuditedEdit(ctx.db, audit, async (tx) => {
    const [row] = await tx
      .select({ brandId: licenses.brandId, updatedAt: licenses.updatedAt })
      .from(licenses)
      .where(eq(licenses.id, id))
      .for('update');
    if (!row) throw new AppError('NOT_FOUND');
    assertCanManageBrand(operator, row.brandId);
    assertUnchangedSince(seen, row.updatedAt);
    const before = await getLicense(tx, id, everythingScope);
    try {
      await tx
        .update(licenses)
        .set({ ...input, updatedAt: nextVersionAt(now, row.updatedAt) })
        .where(eq(licenses.id, id));
    } catch (error) {
      throw conflictOf(error, licenseConstraints);
    }
    return { before, after: await getLicense(tx, id, everythingScope) };
  });
}
