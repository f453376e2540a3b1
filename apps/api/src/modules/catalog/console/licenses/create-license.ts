import type { TCreateLicenseRequest, TLicense } from '@cypher/contract';
import type { AppContext } from '../../../../app-context.ts';
import { inTransaction } from '../../../../db/transaction.ts';
import { assertCanManageBrand, type Operator } from '../../../../http/operator-guard.ts';
import { newId } from '../../../../lib/ids.ts';
import { everythingScope } from '../../catalog-scope.ts';
import { licenses } from '../../catalog.tables.ts';
import { getLicense } from '../../get-license.ts';
import { recordAudit } from '../../../console/audit/record-audit.ts';
import { assertBrandExists } from '../related-items.ts';
import { conflictOf } from '../unique-conflicts.ts';

export const licenseConstraints = { name: 'licenses_brand_name_lower_key' };

export async function createLicense(
  ctx: AppContext,
  operator: Operator,
  input: TCreateLicenseRequest,
): Promise<TLicense> {
  assertCanManageBrand(operator, input.brandId);
  const now = ctx.clock.now();
  const id = newId();
  return inTransaction(ctx.db, async (tx) => {
    await assertBrandExists(tx, input.brandId);
    try {
      await tx.insert(licenses).values({ id, ...input, status: 'DRAFT', createdAt: now, updatedAt: now });
    } catch (error) {
      throw conflictOf(error, licenseConstraints);
    }
    const after = await getLicense(tx, id, everythingScope);
    await recordAudit(tx, {
      actorUserId: operator.userId,
      action: 'create',
      entityType: 'license',
      entityId: id,
      before: null,
      after,
      at: now,
    });
    return after;
  });
}
